export type ManifestChunk = { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export const WEB_DIST: string;
export function readManifest(dist?: string): Manifest;
export function closure(manifest: Manifest, keys: string[]): Set<string>;
export function gzipSize(file: string, dist?: string): number;
