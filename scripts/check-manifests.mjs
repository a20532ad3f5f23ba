// Checks rendered Kubernetes manifests (one multi-document YAML file per overlay, from `kubectl kustomize`)
// against the Kubernetes schemas of their kinds and against what Tracklens needs of them. Prints every problem, exits 1 if there is any.
//   node scripts/check-manifests.mjs <rendered.yaml>...
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const yaml = require('js-yaml');

const SERVICES = ['identity', 'catalog', 'media', 'analysis', 'planning', 'chat', 'billing'];
// services/kit/src/env.ts: HTTP 7101-7107 and gRPC 7201-7207 in this order, gateway 8080.
const DEFAULT_PORTS = Object.fromEntries([
  ...SERVICES.map((name, index) => [name, { http: 7101 + index, grpc: 7201 + index }]),
  ['gateway', { http: 8080 }],
]);
// The routes services/kit/src/health.ts serves.
const HEALTH_PATHS = ['/healthz', '/readyz'];

const problems = [];

for (const file of process.argv.slice(2)) {
  const overlay = path.basename(file, '.yaml');
  const report = (object, message) => problems.push(`${overlay}: ${object}: ${message}`);
  const objects = yaml.loadAll(fs.readFileSync(file, 'utf8')).filter(Boolean);
  if (objects.length === 0) report('-', 'renders no object');
  for (const object of objects) await validateSchema(object, report);
  check(objects, report);
}

/**
 * Validates an object against the Kubernetes API's own OpenAPI schema of its kind, through
 * kubernetes-models (generated from the Kubernetes schemas; offline, no cluster needed).
 */
async function validateSchema(object, report) {
  const id = `${object.kind}/${object.metadata?.name}`;
  let models;
  try {
    models = await import(`kubernetes-models/${object.apiVersion}`);
  } catch {
    report(id, `unknown apiVersion ${object.apiVersion}`);
    return;
  }
  const Model = models[object.kind];
  if (typeof Model !== 'function') {
    report(id, `unknown kind ${object.kind} in ${object.apiVersion}`);
    return;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    report(id, `does not match the Kubernetes schema: ${error instanceof Error ? error.message : String(error)}`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(`${problems.length} problem(s) in the Kubernetes manifests`);
  process.exit(1);
}
console.log(`Kubernetes manifests: ${process.argv.length - 2} overlay(s) meet the checks`);

function check(objects, report) {
  const named = (kind) => objects.filter((object) => object.kind === kind);
  const id = (object) => `${object.kind}/${object.metadata?.name}`;
  for (const object of objects) {
    if (!object.apiVersion || !object.kind || !object.metadata?.name) report(JSON.stringify(object).slice(0, 80), 'lacks apiVersion, kind or metadata.name');
  }
  const configMaps = new Map(named('ConfigMap').map((object) => [object.metadata.name, object]));
  const secrets = new Map(named('Secret').map((object) => [object.metadata.name, object]));
  const hpas = named('HorizontalPodAutoscaler');
  const pdbs = named('PodDisruptionBudget');
  const deployments = named('Deployment');

  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const here = (message) => report(id(deployment), message);
    const pod = deployment.spec?.template?.spec ?? {};
    const podLabels = deployment.spec?.template?.metadata?.labels ?? {};
    if (!matches(deployment.spec?.selector?.matchLabels, podLabels)) here('selector does not match the pod labels');

    // Not root.
    const podSecurity = pod.securityContext ?? {};
    if (podSecurity.runAsNonRoot !== true) here('pod securityContext.runAsNonRoot is not true');
    if (podSecurity.runAsUser === 0) here('pod securityContext.runAsUser is 0 (root)');
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) here('shares a host namespace');

    const expected = DEFAULT_PORTS[name];
    if (!expected) here('is not one of the gateway and seven services (check-manifests.mjs knows their ports)');
    for (const container of pod.containers ?? []) {
      const where = (message) => here(`container ${container.name}: ${message}`);
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false) where('securityContext.allowPrivilegeEscalation is not false');
      if (security.privileged) where('is privileged');
      if (security.runAsUser === 0) where('securityContext.runAsUser is 0 (root)');
      if (!(security.capabilities?.drop ?? []).includes('ALL')) where('securityContext.capabilities.drop lacks ALL');
      if (typeof container.image !== 'string' || !/:[^/]+$/.test(container.image) || container.image.endsWith(':latest')) {
        where(`image ${container.image} has no fixed tag`);
      }

      const resources = container.resources ?? {};
      for (const [kind, resource] of [['requests', 'cpu'], ['requests', 'memory'], ['limits', 'memory']]) {
        if (!resources[kind]?.[resource]) where(`resources.${kind}.${resource} is not set`);
      }

      // The ports the process really listens on: the config default, or the variable the manifest sets.
      const env = Object.fromEntries((container.env ?? []).filter((entry) => 'value' in entry).map((entry) => [entry.name, String(entry.value)]));
      const listens = expected && {
        http: Number(env[name === 'gateway' ? 'GATEWAY_PORT' : `${name.toUpperCase()}_HTTP_PORT`] ?? (name === 'gateway' ? env.PORT : undefined) ?? expected.http),
        grpc: expected.grpc && Number(env[`${name.toUpperCase()}_GRPC_PORT`] ?? expected.grpc),
      };
      const ports = new Map((container.ports ?? []).map((port) => [port.name, port.containerPort]));
      if (listens) {
        if (ports.get('http') !== listens.http) where(`port http is ${ports.get('http')}, the process listens on ${listens.http}`);
        if (listens.grpc && ports.get('grpc') !== listens.grpc) where(`port grpc is ${ports.get('grpc')}, the process listens on ${listens.grpc}`);
      }
      if ((container.ports ?? []).some((port) => port.hostPort)) where('uses a hostPort (a second replica could not be scheduled beside it)');

      // Probes: startup and liveness on /healthz; readiness on /readyz (the gateway's on /healthz, see gateway.yaml).
      const readiness = name === 'gateway' ? '/healthz' : '/readyz';
      for (const [probe, wanted] of [['startupProbe', '/healthz'], ['livenessProbe', '/healthz'], ['readinessProbe', readiness]]) {
        const get = container[probe]?.httpGet;
        if (!get) {
          where(`${probe} is not an HTTP GET`);
          continue;
        }
        if (!HEALTH_PATHS.includes(get.path) || get.path !== wanted) where(`${probe} asks ${get.path}, not ${wanted}`);
        const port = typeof get.port === 'string' ? ports.get(get.port) : get.port;
        if (port === undefined || (listens && port !== listens.http)) where(`${probe} port ${get.port} is not the HTTP port the process listens on`);
      }

      // Every ConfigMap and Secret it reads is rendered, with the keys it asks for.
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef && !configMaps.has(source.configMapRef.name) && !source.configMapRef.optional) where(`ConfigMap ${source.configMapRef.name} is missing`);
        if (source.secretRef && !secrets.has(source.secretRef.name) && !source.secretRef.optional) where(`Secret ${source.secretRef.name} is missing`);
      }
      for (const entry of container.env ?? []) {
        const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
        if (!ref || ref.optional) continue;
        const holder = (entry.valueFrom.secretKeyRef ? secrets : configMaps).get(ref.name);
        if (!holder || !(ref.key in { ...holder.data, ...holder.stringData })) where(`${entry.name} reads ${ref.name}/${ref.key}, which is not rendered`);
      }
    }
    for (const volume of pod.volumes ?? []) {
      if (volume.persistentVolumeClaim || volume.hostPath) here(`volume ${volume.name} ties the pods to one disk or node`);
    }

    // More than one pod at a time (replicas or an autoscaler): a PodDisruptionBudget that lets one go at a time.
    const autoscaler = hpas.find((hpa) => hpa.spec?.scaleTargetRef?.kind === 'Deployment' && hpa.spec.scaleTargetRef.name === name);
    const replicas = autoscaler ? (autoscaler.spec.minReplicas ?? 1) : (deployment.spec?.replicas ?? 1);
    if (autoscaler && deployment.spec?.replicas !== undefined) here('sets replicas although an autoscaler owns them');
    const budget = pdbs.find((pdb) => matches(pdb.spec?.selector?.matchLabels, podLabels));
    if (replicas > 1 && !budget) here(`runs ${replicas} replicas without a PodDisruptionBudget`);
    if (budget) {
      const { minAvailable, maxUnavailable } = budget.spec;
      const blocks = maxUnavailable === 0 || maxUnavailable === '0%' || (typeof minAvailable === 'number' && minAvailable >= replicas) || minAvailable === '100%';
      if (blocks) report(id(budget), `never lets a pod of ${name} go (${replicas} replicas)`);
    }
  }

  for (const hpa of hpas) {
    const target = hpa.spec?.scaleTargetRef;
    if (!deployments.some((deployment) => target?.kind === 'Deployment' && deployment.metadata.name === target.name)) report(id(hpa), `scales ${target?.kind}/${target?.name}, which is not rendered`);
    if (!(hpa.spec?.maxReplicas > (hpa.spec?.minReplicas ?? 1))) report(id(hpa), 'maxReplicas leaves no room to scale out');
  }
  for (const pdb of pdbs) {
    if (!deployments.some((deployment) => matches(pdb.spec?.selector?.matchLabels, deployment.spec?.template?.metadata?.labels ?? {}))) report(id(pdb), 'selects no Deployment');
  }

  // Services reach a Deployment's named port; the Ingress reaches a Service's port.
  const services = named('Service');
  for (const service of services) {
    const backing = deployments.find((deployment) => matches(service.spec?.selector, deployment.spec?.template?.metadata?.labels ?? {}));
    if (!backing) {
      report(id(service), 'selects no Deployment');
      continue;
    }
    const names = new Set(backing.spec.template.spec.containers.flatMap((container) => (container.ports ?? []).map((port) => port.name)));
    for (const port of service.spec.ports ?? []) {
      if (typeof port.targetPort === 'string' && !names.has(port.targetPort)) report(id(service), `targetPort ${port.targetPort} is no port of ${backing.metadata.name}`);
    }
  }
  for (const ingress of named('Ingress')) {
    for (const rule of ingress.spec?.rules ?? []) {
      for (const route of rule.http?.paths ?? []) {
        const backend = route.backend?.service;
        const service = services.find((candidate) => candidate.metadata.name === backend?.name);
        const port = service?.spec.ports?.find((candidate) => candidate.name === backend?.port?.name || candidate.port === backend?.port?.number);
        if (!port) report(id(ingress), `${route.path} goes to ${backend?.name}:${backend?.port?.name ?? backend?.port?.number}, which is not rendered`);
      }
    }
  }
}

/** Every label the selector asks for is on the object. */
function matches(selector, labels) {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}
