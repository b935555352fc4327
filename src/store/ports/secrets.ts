/** Server-side keys shared by every instance (e.g. the form-token HMAC key), created once. */
export interface SecretStore {
  /** The value stored under `name`, storing `create()` first if there is none (first writer wins). */
  getOrCreate(name: string, create: () => string, nowMs: number): Promise<string>;
}
