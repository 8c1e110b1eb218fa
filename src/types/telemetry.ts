/** The `_telemetryInfo` option: the telemetry payload of an SDK built on this one. */
export interface TelemetryInfo {
  /** The SDK's name, for example `lock`. */
  name?: string | undefined;
  /** The SDK's version. */
  version?: string | undefined;
  /** Versions of the layers underneath; this library adds its own entry. */
  env?: { [layer: string]: string } | undefined;
  /** Other fields, sent as given. */
  [field: string]: any;
}
