import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software authenticator for tests: an ES256 key pair per passkey, real attestation objects ("none" format) and
 * real assertions (ECDSA over authenticatorData ‖ SHA-256(clientDataJSON)), so the server verifies real signatures.
 * It speaks the JSON the browser library hands the server (RegistrationResponseJSON / AuthenticationResponseJSON).
 */
export type SoftPasskey = {
  id: Buffer;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  counter: number;
};

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest();

/** CBOR of a text string or byte string (short lengths only, as used here). */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const cborText = (s: string) => Buffer.concat([cborHead(3, Buffer.byteLength(s)), Buffer.from(s)]);
const cborBytes = (b: Buffer) => Buffer.concat([cborHead(2, b.length), b]);

/** The COSE_Key of an EC2 P-256 public key: {1: 2, 3: -7, -1: 1, -2: x, -3: y}. */
const coseKey = (x: Buffer, y: Buffer) =>
  Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(x),
    Buffer.from([0x22]),
    cborBytes(y),
  ]);

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** The parts of the options (as the server hands them to the browser) the authenticator reads. */
export type PasskeyOptions = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

/** Answers registration options (`navigator.credentials.create`): a new passkey and its response JSON. */
export function createPasskey(options: PasskeyOptions, origin: string): { passkey: SoftPasskey; response: object } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x as string, "base64url");
  const y = Buffer.from(jwk.y as string, "base64url");
  const id = randomBytes(16);
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const credIdLength = Buffer.from([0, id.length]);
  const attested = Buffer.concat([Buffer.alloc(16), credIdLength, id, coseKey(x, y)]);
  const data = authData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, 0, attested);
  const attestationObject = Buffer.concat([
    Buffer.from([0xa3]),
    cborText("fmt"),
    cborText("none"),
    cborText("attStmt"),
    Buffer.from([0xa0]),
    cborText("authData"),
    cborBytes(data),
  ]);
  const passkey = { id, privateKey, x, y, userHandle: options.user.id, counter: 0 };
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Answers authentication options (`navigator.credentials.get`) with `passkey`; its signature count grows by one. */
export function assertPasskey(
  passkey: SoftPasskey,
  options: { challenge: string; rpId?: string },
  origin: string,
): object {
  passkey.counter += 1;
  const data = authData(options.rpId ?? new URL(origin).hostname, FLAG_UP | FLAG_UV, passkey.counter);
  const client = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([data, sha256(client)]), passkey.privateKey);
  return {
    id: b64url(passkey.id),
    rawId: b64url(passkey.id),
    type: "public-key",
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
  };
}
