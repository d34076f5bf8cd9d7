/** heic-decode ships no types: the part of its API the image check uses. */
declare module 'heic-decode' {
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
    /** Every image of the file, decoded only when asked (its size is known before). */
    all(input: { buffer: Uint8Array }): Promise<HeicImage[]>;
  }
  const decode: Decode;
  export default decode;
}
