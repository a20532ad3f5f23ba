#!/usr/bin/env bash
# Renders every kustomize overlay of the Kubernetes manifests with `kubectl kustomize` and checks the result:
# probes on the real /healthz and /readyz and port, resources, a non-root securityContext, a
# PodDisruptionBudget wherever more than one pod runs, room for analysis to scale out, and every
# referenced ConfigMap, Secret key, Service and port present, every object valid against the Kubernetes
# schemas of its kind (scripts/check-manifests.mjs); then docker-compose.yml against the Compose
# Specification's schema (scripts/check-compose.mjs).
#   bash scripts/check-deploy.sh [k8s folder, default k8s]
set -euo pipefail
cd "$(dirname "$0")/.."
k8s=${1:-k8s}

command -v kubectl >/dev/null || { echo "kubectl is missing: apt-get install kubectl"; exit 1; }
rendered=$(mktemp -d)
trap 'rm -rf "$rendered"' EXIT

overlays=("$k8s"/overlays/*/)
if [ ! -d "${overlays[0]}" ]; then echo "no overlay under $k8s/overlays"; exit 1; fi
for overlay in "${overlays[@]}"; do
  name=$(basename "$overlay")
  if ! kubectl kustomize "$overlay" >"$rendered/$name.yaml"; then echo "kubectl kustomize $overlay failed"; exit 1; fi
  echo "rendered $overlay: $(grep -c '^kind:' "$rendered/$name.yaml") objects"
done
node scripts/check-manifests.mjs "$rendered"/*.yaml
node scripts/check-compose.mjs
