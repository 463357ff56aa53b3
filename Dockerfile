# syntax=docker/dockerfile:1.7
# Production image of Occazio (see docs/DEPLOY.md). UNTESTED here: no Docker engine on the
# machine this was written on; every command it runs is the one the tests run (`npm ci`,
# `npm run build`, `node build/node/main.mjs`).

# ---- build: dev dependencies, client and server bundles ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: production dependencies, the build, non-root ----
FROM node:20-bookworm-slim AS runtime
# MALLOC_ARENA_MAX: fewer glibc heaps for the photo pipeline's threads, ~80–90 MB less peak RSS
# when photos are processed, no measurable time (docs/PERFORMANCE.md, bench:photos).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# build/node holds the compiled server; tsx (a production dependency) runs the one-shot scripts
# (`npm run db:migrate`, `user:role`); sharp ships its own libvips.
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/reference ./reference
# One-shot scripts run by tsx in the image: `npm run db:migrate`, `npm run user:role`,
# `npm run storage:migrate`, `npm run db:restore-check` (docs/DEPLOY.md).
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness; orchestrators should use /readyz for readiness (this process's database; the bucket,
# Redis, SMTP and the worker show there as "degraded" without failing it).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The web process, compiled by `npm run build` (decision 0037): node itself is PID 1's child that
# receives SIGTERM. The worker runs the same image with `node build/node/worker.mjs`.
CMD ["node", "--enable-source-maps", "build/node/main.mjs"]
