export declare const EXTERNAL_PACKAGES: string[]
export declare function buildServer(options?: { outdir?: string; sourcemap?: boolean }): Promise<void>
