// The json-bigint reading of a response body (docs/product-rules.md, "The API": numbers longer than
// 15 digits become big numbers), loaded only for a body that has such a number (./json decides).
// json-bigint's rule counts characters, not magnitude, so it also turns long decimals
// (7.333333333333333) and safe 16-digit integers into BigNumber objects, which would fail every
// `z.number()` in the contract. The reviver keeps those as plain numbers and turns only integers
// beyond Number.MAX_SAFE_INTEGER into native BigInt, losing no precision.
// By default json-bigint throws on any key holding `__proto__` or `constructor` (an outcome a
// visitor named so made every feed holding it "Invalid response"). 'preserve' keeps such a key
// as an own property of a prototype-less object, exactly the value JSON.parse gives (an own
// `__proto__` property, nothing polluted): no key makes this reader throw.
import JSONbig from 'json-bigint';

const parser = JSONbig({ storeAsString: false, protoAction: 'preserve', constructorAction: 'preserve' });

// oxlint-disable no-underscore-dangle -- bignumber.js marks its instances with `_isBigNumber`
interface BigNumberLike {
  _isBigNumber: true;
  isInteger(): boolean;
  toFixed(): string;
}

function isBigNumber(value: unknown): value is BigNumberLike {
  return typeof value === 'object' && value !== null && (value as { _isBigNumber?: unknown })._isBigNumber === true;
}

function revive(_key: string, value: unknown): unknown {
  if (!isBigNumber(value)) return value;
  const asNumber = Number(value.toFixed());
  if (!value.isInteger() || Number.isSafeInteger(asNumber)) return asNumber;
  return BigInt(value.toFixed());
}

/** Parses JSON text with json-bigint; unsafe integers become `bigint`, other numbers `number`. */
export function parseBigJson(text: string): unknown {
  return parser.parse(text, revive);
}
