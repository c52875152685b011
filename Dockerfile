# syntax=docker/dockerfile:1
# One image for both roles: `api` (default command) and `worker` (docker-compose overrides the command).
# Stages: deps (all dependencies) -> build (tsc server, vite client) -> runtime (production deps only).

ARG NODE_IMAGE=node:22.23-slim

# --- deps: every dependency, for building -----------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci

# --- build: compile the server, bundle the client ---------------------------------------------------
FROM deps AS build
COPY tsconfig.json ./
COPY migrations migrations
COPY server server
COPY client client
RUN npx tsc -p server \
 && npm run build --workspace client -- --logLevel warn \
 && test -f server/dist/server/src/main.js \
 && test -f client/dist/index.html \
 && test -f client/dist/ssr/render-page.js

# --- prod-deps: the server's runtime dependencies only -----------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --workspace server --include-workspace-root=false \
 && npm cache clean --force

# --- runtime ------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=4000 \
    UPLOAD_DIR=/data/uploads \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/package.json package.json
# server/package.json carries "type": "module" for the compiled entry below it.
COPY server/package.json server/package.json
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
# The image's `node` user (uid 1000) runs the app; a named volume mounted on /data/uploads starts with
# this ownership.
RUN mkdir -p /data/uploads && chown node:node /data/uploads
USER node
EXPOSE 4000
CMD ["node", "server/dist/server/src/main.js", "api"]
