// `npm test`: a supported Node and the dependencies, then every suite (`npm run test:all`).
import { ensureDependencies, ensureSupportedNode, root, run } from './toolchain.mjs';

ensureSupportedNode();
ensureDependencies();
run('npm', ['run', 'test:all'], { cwd: root });
