# syntax=docker/dockerfile:1
# Build stage: everything needed to build (esbuild, TypeScript).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the built files only, as a non-root user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
VOLUME ["/app/.data"]
EXPOSE 3000
# Both services with the embedded defaults. In production run them apart:
#   GLIBC_TUNABLES=glibc.malloc.hugetlb=1 node dist/server/api.js   (API_PORT, DATABASE_URL; the tunable: decision 0101)
#   node --max-semi-space-size=32 dist/server/web.js   (PORT, API_BASE_URL; the flag: scripts/lib/processes.ts)
CMD ["node", "dist/scripts/start.js"]
