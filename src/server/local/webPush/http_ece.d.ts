// http_ece ships no types: the one call the push service fake makes (aes128gcm decryption, RFC 8188 and RFC 8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParameters {
    version: 'aes128gcm';
    /** The receiver's key pair; the sender's public key comes from the message's header. */
    privateKey: ECDH;
    /** URL-safe base64. */
    authSecret: string;
  }

  const httpEce: { decrypt(buffer: Buffer, parameters: DecryptParameters): Buffer };
  export default httpEce;
}
