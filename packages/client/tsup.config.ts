import { libraryBuild } from '../../tooling/tsup.preset.ts';

export default libraryBuild();
