# One image for both processes: `node apps/api/dist/main.js` (API + web) and `node apps/api/dist/worker.js`.
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
RUN npm install --no-audit --no-fund
COPY . .
# Dev dependencies stay: the migration tool (Prisma's WebAssembly engine) and the seed runner use them.
RUN npm run build

FROM node:20.20-bookworm-slim
ENV NODE_ENV=production
# Node's flags for the API and the worker: scripts/lib/node-flags.mjs says why (a test keeps the two equal).
ENV NODE_OPTIONS="--max-semi-space-size=64"
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
