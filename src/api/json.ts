// Response bodies are parsed with json-bigint (spec section 7: numbers longer than 15 digits
// become big numbers). json-bigint's rule counts characters, not magnitude, so it also turns
// long decimals (7.333333333333333) and safe 16-digit integers into BigNumber objects, which
// would fail every `z.number()` in the contract. The reviver keeps those as plain numbers and
// turns only integers beyond Number.MAX_SAFE_INTEGER into native BigInt, losing no precision.
import JSONbig from 'json-bigint';

const parser = JSONbig({ storeAsString: false });

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

/** Parses JSON text; unsafe integers become `bigint`, every other number stays a `number`. */
export function parseJson(text: string): unknown {
  return parser.parse(text, revive);
}

/** axios `transformResponse`: JSON bodies parsed as above; empty or non-JSON bodies kept as text. */
export function parseResponseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') return undefined;
  try {
    return parseJson(data);
  } catch {
    return data;
  }
}
