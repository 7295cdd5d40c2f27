import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from '../chain/keys.ts';
import { getNetwork } from '@fincrypt/domain';

const script = path.resolve(import.meta.dirname, '../../../scripts/check-bundle-secrets.mjs');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-bundle-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A fake build holding one asset, checked with the given environment. */
function check(assetText: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const dist = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index.js"></script>');
  fs.writeFileSync(path.join(dist, 'assets', 'index.js'), assetText);
  const { FINCRYPT_AUTH_SECRET: _a, WALLET_ENCRYPTION_KEY: _w, PRICE_API_KEY: _p, DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [script, dist], { env: { ...base, DATA_DIR: path.join(root, 'no-data'), ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` });
    });
  });
}

describe('scripts/check-bundle-secrets.mjs', () => {
  it('passes a build without secrets', async () => {
    const result = await check('export const sha = "' + 'ab'.repeat(32) + '"; console.log("wallet")');
    expect(result).toMatchObject({ code: 0 });
  });

  it('fails, naming the file, on a private key, a PEM block, a secret setting or a generated .secret file', async () => {
    const key = generateKeyPair(getNetwork('eth_sepolia')).privateKeyHex;
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'wallet-keys.secret'), 'generated-wallet-keys-secret-value');
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [`const w={privateKeyHex:"${key}"}`, {}, /64 hex digits next to "privateKey"/],
      [`const k="0x${key}";// privateKey`, {}, /64 hex digits next to "privateKey"/],
      ['const pem="-----BEGIN PRIVATE KEY-----\\nMIIE"', {}, /a PEM private key/],
      ['const s="the-auth-secret-from-env-0123456789"', { FINCRYPT_AUTH_SECRET: 'the-auth-secret-from-env-0123456789' }, /the value of FINCRYPT_AUTH_SECRET/],
      ['const s="the-wallet-key-from-env-0123456789"', { WALLET_ENCRYPTION_KEY: 'the-wallet-key-from-env-0123456789' }, /the value of WALLET_ENCRYPTION_KEY/],
      ['const s="generated-wallet-keys-secret-value"', { DATA_DIR: dataDir }, /the contents of .*wallet-keys\.secret/],
    ];
    for (const [asset, env, message] of cases) {
      const result = await check(asset, env);
      expect(result.code, asset).toBe(1);
      expect(result.output).toMatch(/assets\/index\.js: /);
      expect(result.output).toMatch(message);
    }
  });
});
