export { startAllInOne, type AllInOne } from './all-in-one';
export { startCluster, type Cluster } from './cluster';
