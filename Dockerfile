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

# Stage 1: install every dependency and build the web app and the server once; then install the run-time
# dependencies alone into /out.
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
RUN npm run build
# The run-time tree, installed anew from the lockfile: the server's and packages/shared's dependencies
# (`-w @relaycast/server`), without the dev dependencies and without the optional ones (the build tools' native
# binaries, and the optional peers better-auth declares: vitest, drizzle-kit, vite, which the lockfile marks
# "devOptional"). `npm prune --omit=dev` kept all of those, and the web app's and the browser tests' dependencies.
# sharp's prebuilt libvips for this platform (optional packages `@img/*`, decision 0114) is copied from the build tree.
# No install scripts run (core-js's is a banner); the undici patch is applied by the build tree's patch-package.
# The server reads the repository root's layout (apps/server/src/config/paths.ts finds the root by
# apps/server/package.json), the bundles, the migrations and the built web app.
RUN mkdir -p /out/apps/server/src/db /out/apps/web /out/packages/shared /out/e2e && \
    cp package.json package-lock.json /out/ && cp -a patches /out/ && \
    for p in apps/server apps/web packages/shared e2e; do cp $p/package.json /out/$p/; done && \
    cd /out && npm ci -w @relaycast/server --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && \
    cp -a /src/node_modules/@img /out/node_modules/ && \
    /src/node_modules/.bin/patch-package && rm -rf patches e2e && \
    cd /src && cp -a apps/server/dist /out/apps/server/ && \
    cp -a apps/server/src/db/migrations /out/apps/server/src/db/ && \
    cp -a apps/web/dist /out/apps/web/

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
# GLIBC_TUNABLES and NODE_OPTIONS: the allocator settings `npm start` gives a server on the embedded database
# (decision 0137); compose.yml clears NODE_OPTIONS for PostgreSQL, where glibc's settings hold too.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe \
    CHROMIUM_PATH=/usr/bin/chromium \
    GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=1048576:glibc.malloc.trim_threshold=33554432 \
    NODE_OPTIONS=--v8-pool-size=1
VOLUME /data
EXPOSE 3000 1935
USER 10001:10001
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself, not npm, so SIGTERM reaches the server; run with an init (`docker run --init`, compose `init: true`).
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
