export { startAllInOne, type AllInOne, type AllInOneOptions } from './all-in-one';
export { startCluster, type Cluster } from './cluster';
