/**
 * Behaviour switches that tests (and `npm start`) turn on and off while the tenant runs: the CLI
 * flags set their start values, `/__admin/switches` and `RunningTenant.setSwitches` change them,
 * and a reset puts the start values back.
 */
export interface Switches {
  /**
   * Ignore the tenant's cookies on cross-site embedded requests (iframes, fetches) and drop the
   * cookies their answers set, as a browser that blocks third-party cookies does.
   */
  blockThirdPartyCookies: boolean;
  /** Require a server-provided nonce in every DPoP proof (`use_dpop_nonce`, RFC 9449 §8). */
  dpopNonce: boolean;
}

export const SWITCH_NAMES: ReadonlyArray<keyof Switches> = ['blockThirdPartyCookies', 'dpopNonce'];

export class SwitchBoard {
  private current: Switches;

  constructor(private readonly initial: Switches) {
    this.current = { ...initial };
  }

  get(): Readonly<Switches> {
    return { ...this.current };
  }

  set(changes: Partial<Switches>): Readonly<Switches> {
    this.current = { ...this.current, ...changes };
    return this.get();
  }

  /** Back to the start values (the tenant's reset). */
  clear(): void {
    this.current = { ...this.initial };
  }
}
