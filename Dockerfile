# Relaycast's container image (docs/docker.md, docs/decisions/0091-container-image.md).
#   docker build -t relaycast .                                   (base: debian:trixie-slim from a registry)
#   DOCKER_BUILDKIT=0 docker build --build-arg BASE=relaycast-base:trixie -t relaycast .   (a local base, no registry)
# Any Debian 13 (trixie) root file system works as the base: its nodejs is 20.19 (Relaycast needs >= 20.19).
# No "# syntax=" line on purpose: BuildKit would fetch that frontend image from a registry.
ARG BASE=debian:trixie-slim

FROM ${BASE} AS system
ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
# A debootstrap base lists only "trixie main": add the updates and security suites (Chromium's fixes arrive there).
RUN if ! grep -rqs 'trixie-security' /etc/apt/sources.list /etc/apt/sources.list.d; then \
      echo 'deb http://deb.debian.org/debian trixie-updates main' >> /etc/apt/sources.list && \
      echo 'deb http://deb.debian.org/debian-security trixie-security main' >> /etc/apt/sources.list; \
    fi && \
    apt-get update && \
    apt-get install -y --no-install-recommends nodejs ca-certificates && \
    rm -rf /var/lib/apt/lists/*

# Stage 1: install every dependency, build the web app and the server once, then drop the dev dependencies.
FROM system AS build
RUN apt-get update && apt-get install -y --no-install-recommends npm && rm -rf /var/lib/apt/lists/*
# Certificate authorities of a TLS-inspecting proxy, if any (docker/build-ca/README.md): this stage only.
COPY docker/build-ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
WORKDIR /src
COPY package.json package-lock.json ./
COPY patches ./patches
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund
# What the server reads at run time: the repository root's layout (apps/server/src/config/paths.ts finds the root
# by apps/server/package.json), the bundles, the migrations and the built web app.
RUN mkdir -p /out/apps/server/src/db /out/apps/web /out/packages/shared && \
    cp -a package.json node_modules /out/ && \
    cp -a apps/server/package.json apps/server/dist /out/apps/server/ && \
    cp -a apps/server/src/db/migrations /out/apps/server/src/db/ && \
    if [ -d apps/server/node_modules ]; then cp -a apps/server/node_modules /out/apps/server/; fi && \
    cp -a apps/web/dist /out/apps/web/ && \
    cp -a packages/shared/package.json /out/packages/shared/

# Stage 2: the runtime. ffmpeg (media), Chromium (the analytics PDF), DejaVu (text overlays), pg_dump (backups of
# a PostgreSQL install), and the app as a non-root user with a fixed uid.
FROM system
RUN apt-get update && \
    apt-get install -y --no-install-recommends ffmpeg chromium fonts-dejavu-core postgresql-client && \
    rm -rf /var/lib/apt/lists/* && \
    groupadd --system --gid 10001 relaycast && \
    useradd --system --uid 10001 --gid 10001 --home-dir /data --no-create-home --shell /usr/sbin/nologin relaycast && \
    mkdir -p /data && chown 10001:10001 /data
WORKDIR /app
COPY --from=build /out /app
# GLIBC_TUNABLES: the allocator setting `npm start` gives a server on the embedded database (decision 0054);
# compose.yml clears it for PostgreSQL.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe \
    CHROMIUM_PATH=/usr/bin/chromium \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768
VOLUME /data
EXPOSE 3000 1935
USER 10001:10001
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself, not npm, so SIGTERM reaches the server; run with an init (`docker run --init`, compose `init: true`).
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
