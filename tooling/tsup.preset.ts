import { defineConfig } from 'tsup';

/** The build every publishable package shares: ESM with type declarations, for Node 24. */
export const libraryBuild = (entry: string[] = ['src/index.ts']) =>
  defineConfig({ entry, format: ['esm'], dts: true, clean: true, target: 'node24' });
