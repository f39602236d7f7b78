import { libraryBuild } from '../../tooling/tsup.preset.ts';

export default libraryBuild(['src/index.ts', 'src/testing.ts']);
