# Docent: the server on Node 22, configured by environment variables (see README.md).
# Build: docker build -t docent .   Run: docker compose up --build (PostgreSQL + the app)

FROM node:22-bookworm-slim AS build
WORKDIR /app
# npm 11 honours package.json allowScripts (the image ships npm 10).
RUN npm install -g npm@11 --no-audit --no-fund
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
# HOST: the server listens on loopback by default, which nothing outside the container reaches.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/common ./common
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/plugins ./plugins
COPY --from=build /app/backend ./backend
COPY --from=build /app/frontend ./frontend
# The image's non-root `node` user owns only the data folder.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
