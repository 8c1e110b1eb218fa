/**
 * Faults a test turns on to see how an app copes: an endpoint that answers an error status, never
 * answers, or answers late, and /authorize answering a chosen OAuth error. Each rule can be limited
 * to its first `times` matching requests; a reset removes them all.
 */

/** What a matching request gets instead of (or before) its normal answer. */
export type Fault =
  /** An error status (429 adds `Retry-After`) with a JSON `{ error, error_description }` body. */
  | { kind: 'status'; status: number; error?: string; description?: string; retryAfter?: number }
  /** No answer at all: the request stays open until the client gives up or the tenant closes. */
  | { kind: 'hang' }
  /** The normal answer, `ms` milliseconds (real time) late. */
  | { kind: 'delay'; ms: number }
  /**
   * /authorize only: once the request is valid, answer this OAuth error through its response mode
   * (e.g. `login_required`, `consent_required`), signed in or not.
   */
  | { kind: 'authorize-error'; error: string; description?: string };

/** One fault and the requests it applies to. */
export interface FaultRule {
  /** The request path, exactly (e.g. `/oauth/token`, `/.well-known/jwks.json`, `/authorize`). */
  path: string;
  /** Only this method (e.g. `POST`); default any method but `OPTIONS` (preflights stay normal). */
  method?: string;
  fault: Fault;
  /** Applies to this many matching requests, then removes itself; default every request. */
  times?: number;
}

const DEFAULT_ERRORS: Record<number, string> = {
  429: 'too_many_requests',
  500: 'server_error',
  502: 'bad_gateway',
  503: 'temporarily_unavailable',
  504: 'gateway_timeout',
};

/** The `error` code a status fault answers when the rule names none. */
export function defaultErrorFor(status: number): string {
  return DEFAULT_ERRORS[status] ?? (status >= 500 ? 'server_error' : 'invalid_request');
}

const FAULT_KINDS: ReadonlyArray<Fault['kind']> = ['status', 'hang', 'delay', 'authorize-error'];

/** Checks a rule before it is installed, so a typo fails in the test that wrote it. */
export function checkFaultRule(rule: FaultRule): void {
  if (typeof rule.path !== 'string' || !rule.path.startsWith('/')) throw new Error('fault: path must start with /');
  if (rule.method !== undefined && typeof rule.method !== 'string') throw new Error('fault: method must be a string');
  const { fault } = rule;
  // Rules also arrive as JSON (POST /__admin/faults): check the shape, not only the values.
  if (typeof fault !== 'object' || fault === null || !FAULT_KINDS.includes(fault.kind))
    throw new Error(`fault: kind must be one of ${FAULT_KINDS.join(', ')}`);
  for (const name of ['error', 'description'] as const)
    if (name in fault && typeof (fault as Record<string, unknown>)[name] !== 'string')
      throw new Error(`fault: ${name} must be a string`);
  if (fault.kind === 'status' && !(Number.isInteger(fault.status) && fault.status >= 400 && fault.status <= 599))
    throw new Error('fault: status must be an integer from 400 to 599');
  if (fault.kind === 'delay' && !(Number.isFinite(fault.ms) && fault.ms >= 0))
    throw new Error('fault: delay ms must be a number >= 0');
  if (fault.kind === 'authorize-error' && (rule.path !== '/authorize' || !/^[a-z_]+$/.test(fault.error)))
    throw new Error('fault: authorize-error needs path /authorize and an error like login_required');
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times > 0))
    throw new Error('fault: times must be a positive integer');
}

interface Installed {
  readonly rule: FaultRule;
  remaining: number;
}

export class FaultBoard {
  private rules: Installed[] = [];

  /** Installs a rule (checked); the returned function removes it. */
  add(rule: FaultRule): () => void {
    checkFaultRule(rule);
    const installed: Installed = { rule: structuredClone(rule), remaining: rule.times ?? Infinity };
    this.rules.push(installed);
    return () => {
      this.rules = this.rules.filter((r) => r !== installed);
    };
  }

  /**
   * The first rule of `kinds` for this request, counted as used. Router faults and /authorize
   * errors are taken at different points of a request, so each asks for its own kinds.
   */
  take(method: string, path: string, kinds: ReadonlyArray<Fault['kind']>): Fault | undefined {
    const found = this.rules.find(
      ({ rule }) =>
        rule.path === path &&
        kinds.includes(rule.fault.kind) &&
        (rule.method === undefined ? method !== 'OPTIONS' : rule.method.toUpperCase() === method),
    );
    if (!found) return undefined;
    found.remaining -= 1;
    if (found.remaining <= 0) this.rules = this.rules.filter((r) => r !== found);
    return found.rule.fault;
  }

  list(): FaultRule[] {
    return this.rules.map((r) => structuredClone(r.rule));
  }

  clear(): void {
    this.rules = [];
  }
}
