// Types for the userland `punycode` package (it ships none), imported as 'punycode/' so that no
// bundler or runtime picks Node's deprecated built-in module of the same name (the package's README).
declare module 'punycode/' {
  /** RFC 3492 decoding of one label's payload (after `xn--`); throws RangeError on invalid input. */
  export function decode(input: string): string;
  /** RFC 3492 encoding of one label; throws RangeError on overflow. */
  export function encode(input: string): string;
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
  const punycode: {
    decode: typeof decode;
    encode: typeof encode;
    toUnicode: typeof toUnicode;
    toASCII: typeof toASCII;
    version: string;
  };
  export default punycode;
}
