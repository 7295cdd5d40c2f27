// Fails when the built web app carries a secret: a private key (64 hex digits next to "privateKey", or a
// PEM block), the value of a secret setting from the environment, or the contents of a generated
// `.secret` file in DATA_DIR. Usage: node scripts/check-bundle-secrets.mjs [distDir] (default web/dist).
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'web/dist'));
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, 'data'));

const TEXT_FILE = /\.(m?js|cjs|css|html?|map|json|svg|txt|xml|webmanifest)$/i;
const HEX_KEY = String.raw`(?<![0-9a-f])(0x)?[0-9a-f]{64}(?![0-9a-f])`;
const NEAR = String.raw`[\s\S]{0,40}?`;
const PATTERNS = [
  ['64 hex digits next to "privateKey"', new RegExp(`private_?key${NEAR}${HEX_KEY}`, 'i')],
  ['64 hex digits next to "privateKey"', new RegExp(`${HEX_KEY}${NEAR}private_?key`, 'i')],
  ['a PEM private key', /-----BEGIN ((RSA|EC|DSA|OPENSSH|ENCRYPTED) )?PRIVATE KEY-----/],
];

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return entry.isFile() && TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

/** Exact values that must never reach a browser, by where they came from. */
function knownSecrets() {
  const secrets = [];
  for (const name of ['FINCRYPT_AUTH_SECRET', 'WALLET_ENCRYPTION_KEY', 'PRICE_API_KEY']) {
    const value = process.env[name]?.trim();
    if (value && value.length >= 8) secrets.push([`the value of ${name}`, value]);
  }
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL']) {
    try {
      const password = decodeURIComponent(new URL(process.env[name] ?? '').password);
      if (password.length >= 8) secrets.push([`the password in ${name}`, password]);
    } catch {
      // unset or not a URL
    }
  }
  if (fs.existsSync(dataDir)) {
    for (const entry of fs.readdirSync(dataDir)) {
      if (!entry.endsWith('.secret')) continue;
      const value = fs.readFileSync(path.join(dataDir, entry), 'utf8').trim();
      if (value.length >= 8) secrets.push([`the contents of ${path.join(dataDir, entry)}`, value]);
    }
  }
  return secrets;
}

if (!fs.existsSync(distDir)) {
  console.error(`check-bundle-secrets: no build at ${distDir} (run npm run build first)`);
  process.exit(2);
}

const files = listFiles(distDir);
const secrets = knownSecrets();
const findings = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const relative = path.relative(repoRoot, file);
  for (const [what, pattern] of PATTERNS) if (pattern.test(text)) findings.push(`${relative}: ${what}`);
  for (const [what, value] of secrets) if (text.includes(value)) findings.push(`${relative}: ${what}`);
}

if (findings.length > 0) {
  console.error(`check-bundle-secrets: the web build carries secrets:\n  ${[...new Set(findings)].join('\n  ')}`);
  process.exit(1);
}
console.log(`check-bundle-secrets: ${files.length} files in ${path.relative(repoRoot, distDir) || distDir} carry no secret (${secrets.length} known secret values checked)`);
