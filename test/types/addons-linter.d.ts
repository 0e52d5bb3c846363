// The part of addons-linter's library API the Firefox build check uses (its README, "Linter API Usage").
declare module 'addons-linter' {
  interface LinterConfig {
    _: string[];
    logLevel: string;
    stack: boolean;
    pretty: boolean;
    warningsAsErrors: boolean;
    metadata: boolean;
    output: 'none' | 'json' | 'text';
    boring: boolean;
    selfHosted: boolean;
    /** Comma-separated ESLint rule names to skip in JavaScript files. */
    disableLinterRules?: string;
  }
  const addonsLinter: {
    createInstance(options: { config: LinterConfig; runAsBinary: boolean }): { run(): Promise<unknown> };
  };
  export default addonsLinter;
}
