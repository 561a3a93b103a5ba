// gRPC status names with their numeric code and the HTTP status Google's REST gateway maps them to.
// The REST clients know the error only by that HTTP status (both SDKs map 409 to ABORTED, so an
// ALREADY_EXISTS reaches them as ABORTED, as it does from the real service).
const codes = {
  INVALID_ARGUMENT: { grpc: 3, http: 400 },
  FAILED_PRECONDITION: { grpc: 9, http: 400 },
  NOT_FOUND: { grpc: 5, http: 404 },
  PERMISSION_DENIED: { grpc: 7, http: 403 },
  UNAUTHENTICATED: { grpc: 16, http: 401 },
  ALREADY_EXISTS: { grpc: 6, http: 409 },
  ABORTED: { grpc: 10, http: 409 },
  INTERNAL: { grpc: 13, http: 500 },
  UNIMPLEMENTED: { grpc: 12, http: 501 },
} as const;

export type RpcStatus = keyof typeof codes;

/** An error the emulator answers with, in Firestore's JSON error shape. */
export class RpcError extends Error {
  constructor(
    readonly status: RpcStatus,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }

  get httpStatus(): number {
    return codes[this.status].http;
  }

  /** The google.rpc.Status form, used inside answers such as batchWrite's per-write status. */
  toStatus(): { code: number; message: string } {
    return { code: codes[this.status].grpc, message: this.message };
  }

  toJSON(): { error: { code: number; message: string; status: RpcStatus } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

export function invalidArgument(message: string): RpcError {
  return new RpcError('INVALID_ARGUMENT', message);
}

// Small readers for request JSON: the body is untrusted, so every shape is checked where it is used.
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw invalidArgument(`${what} must be an object`);
  return value;
}

export function asArray(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidArgument(`${what} must be an array`);
  return value;
}

export function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw invalidArgument(`${what} must be a string`);
  return value;
}

/** Reads a proto enum that arrives either by name or, with `enum-encoding=int`, by number. */
export function enumName<T extends string>(value: unknown, names: readonly T[], what: string): T {
  if (typeof value === 'number' && names[value] !== undefined) return names[value];
  if (typeof value === 'string' && (names as readonly string[]).includes(value)) return value as T;
  throw invalidArgument(`Invalid value for ${what}: ${JSON.stringify(value)}`);
}
