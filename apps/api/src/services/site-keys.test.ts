import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './site-keys.ts';

describe('generateVapidKeys', () => {
  it('makes P-256 pairs in the form web-push signs with, whatever the leading bytes', () => {
    // About one private key in 256 starts with a zero byte, which OpenSSL drops: 600 pairs usually meet some.
    for (let n = 0; n < 600; n += 1) {
      const { publicKey, privateKey } = generateVapidKeys();
      const pub = Buffer.from(publicKey, 'base64url');
      const priv = Buffer.from(privateKey, 'base64url');
      expect(pub).toHaveLength(65);
      expect(priv).toHaveLength(32);
      const curve = createECDH('prime256v1');
      curve.setPrivateKey(priv);
      expect(curve.getPublicKey().toString('base64url')).toBe(publicKey);
    }
  });

  it('gives keys web-push accepts for signing a push', () => {
    const { publicKey, privateKey } = generateVapidKeys();
    const headers = webpush.getVapidHeaders('https://push.example.test', 'mailto:webmaster@example.test', publicKey, privateKey, 'aes128gcm');
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
  });
});
