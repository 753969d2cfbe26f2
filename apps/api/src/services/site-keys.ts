import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** The VAPID key pair pushes are signed with, and the secret that signs e-mailed one-click links. */
export type SiteKeys = {
  vapid: { publicKey: string; privateKey: string; subject: string };
  linkSecret: string;
};

/**
 * A VAPID key pair (P-256) as web-push's generateVAPIDKeys makes it: the uncompressed public
 * point (65 bytes) and the private scalar (32 bytes, zero-padded), base64url. Made with
 * node:crypto so the start does not load web-push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // OpenSSL drops leading zero bytes of the private scalar; VAPID wants all 32.
  const zeroPadded = (bytes: Buffer, length: number) => Buffer.concat([Buffer.alloc(Math.max(0, length - bytes.length)), bytes]);
  return {
    publicKey: zeroPadded(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: zeroPadded(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

type StoredKeys = { vapidPublicKey: string; vapidPrivateKey: string; linkSecret: string };

const isStoredKeys = (value: unknown): value is StoredKeys =>
  typeof value === 'object' &&
  value !== null &&
  ['vapidPublicKey', 'vapidPrivateKey', 'linkSecret'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** DATA_DIR/site-keys.json: generated once, then reused, so browsers' subscriptions and e-mailed links keep working. */
export const siteKeysFile = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'site-keys.json');

/**
 * VAPID keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair generated into
 * DATA_DIR the first time (the file is written exclusively, so the server and the CLI starting
 * together agree on one pair).
 */
export function loadSiteKeys(config: Pick<Config, 'dataDir' | 'vapid'>): SiteKeys {
  const file = siteKeysFile(config);
  let stored: StoredKeys | undefined;
  if (fs.existsSync(file)) {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!isStoredKeys(parsed)) throw new Error(`${file} is damaged: delete it to generate new keys (browsers will then subscribe again).`);
    stored = parsed;
  } else {
    const generated = generateVapidKeys();
    const fresh: StoredKeys = {
      vapidPublicKey: generated.publicKey,
      vapidPrivateKey: generated.privateKey,
      linkSecret: randomBytes(32).toString('base64url'),
    };
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
      stored = fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return loadSiteKeys(config);
    }
  }
  const { publicKey, privateKey, subject } = config.vapid;
  return {
    vapid: {
      publicKey: publicKey ?? stored.vapidPublicKey,
      privateKey: privateKey ?? stored.vapidPrivateKey,
      subject,
    },
    linkSecret: stored.linkSecret,
  };
}
