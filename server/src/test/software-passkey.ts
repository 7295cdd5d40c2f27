import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { FastifyInstance } from 'fastify';
import { call, cookiesFrom } from './auth-client.ts';

/**
 * A passkey authenticator in software for API tests: a P-256 key pair that answers WebAuthn registration and
 * sign-in challenges as a browser would hand them to the server (SimpleWebAuthn's JSON). `signCount` grows with
 * each sign-in. The browser journeys use Chromium's own virtual authenticator instead.
 */
export interface SoftwarePasskey {
  credentialId: string;
  register(options: { challenge: string }, origin?: string): RegistrationAnswer;
  signIn(options: { challenge: string }, origin?: string): AuthenticationAnswer;
}

export interface RegistrationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
}

export interface AuthenticationAnswer {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
  clientExtensionResults: Record<string, never>;
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** `credentialId` makes an impostor: a new key pair under another passkey's credential id. */
export function createSoftwarePasskey({ rpId = 'localhost', origin: defaultOrigin = 'http://localhost:3000', credentialId: claimedId = '' } = {}): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credential = claimedId ? Buffer.from(isoBase64URL.toBuffer(claimedId)) : randomBytes(16);
  const credentialId = b64url(credential);
  let signCount = 0;

  const authenticatorData = (flags: number, attested?: Buffer) => {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  };

  return {
    credentialId,
    register({ challenge }, origin = defaultOrigin) {
      // COSE EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), x, y.
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credential.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credential, Buffer.from(isoCBOR.encode(coseKey))]);
      const authData = authenticatorData(FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedData, attested);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    signIn({ challenge }, origin = defaultOrigin) {
      signCount += 1;
      const authData = authenticatorData(FLAGS.userPresent | FLAGS.userVerified);
      const client = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(client)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: { clientDataJSON: b64url(client), authenticatorData: b64url(authData), signature: b64url(signature) },
        clientExtensionResults: {},
      };
    },
  };
}

export const OPTIONS_TO_ADD = '/api/auth/passkey/generate-register-options';
export const OPTIONS_TO_SIGN_IN = '/api/auth/passkey/generate-authenticate-options';

/** Adds a passkey as the browser does: options (and their challenge cookie), the authenticator's answer, a name. */
export async function addPasskey(app: FastifyInstance, user: { cookie: string }, name = 'Laptop', key: SoftwarePasskey = createSoftwarePasskey()) {
  const options = await call(app, 'GET', OPTIONS_TO_ADD, { cookie: user.cookie });
  if (options.statusCode !== 200) throw new Error(`passkey options: ${options.statusCode} ${options.body}`);
  const cookie = `${user.cookie}; ${cookiesFrom(options)}`;
  const answer = key.register(options.json());
  const response = await call(app, 'POST', '/api/auth/passkey/verify-registration', { cookie, body: { name, response: answer } });
  return { key, response, cookie, answer };
}

/** Signs in with a passkey from a signed-out browser; the challenge cookie is returned for replays. */
export async function signInWithPasskey(app: FastifyInstance, key: SoftwarePasskey, { origin, remoteAddress }: { origin?: string; remoteAddress?: string } = {}) {
  const options = await call(app, 'GET', OPTIONS_TO_SIGN_IN, { remoteAddress });
  if (options.statusCode !== 200) throw new Error(`passkey options: ${options.statusCode} ${options.body}`);
  const challengeCookie = cookiesFrom(options);
  const answer = key.signIn(options.json(), origin);
  const response = await call(app, 'POST', '/api/auth/passkey/verify-authentication', { cookie: challengeCookie, body: { response: answer }, remoteAddress });
  return { response, challengeCookie, answer };
}
