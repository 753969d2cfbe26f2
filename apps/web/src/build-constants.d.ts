/** The year of the build (vite.config.ts `define`): the year in the prerendered `/`'s footer. */
declare const __BUILD_YEAR__: number;
