# ZP Agent API server. Used by docker-compose.yml (service "zpagent").
#
#   docker build -t zpagent .
#   docker run --env-file .env -v zpagent-data:/data -v /path/to/zpwiki:/wiki -p 8000:8000 zpagent
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The wiki is a Git checkout that the sync code fetches, possibly over SSH
# (ZPWIKI_SSH_KEY), hence git and the ssh client. The mounted checkout belongs
# to a host uid, and git refuses to work in repositories owned by someone else
# unless they are marked safe.
RUN apt-get update \
    && apt-get install -y --no-install-recommends git openssh-client \
    && rm -rf /var/lib/apt/lists/* \
    && git config --system --add safe.directory /wiki

WORKDIR /app
# Only what the package build needs, so edits elsewhere keep this layer cached.
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install '.[neo4j]'

# Run unprivileged; /data is the only place the server writes to.
RUN useradd --create-home --uid 10001 zpagent \
    && mkdir -p /data /wiki \
    && chown zpagent:zpagent /data
USER zpagent

ENV ZPAGENT_DATA_DIR=/data \
    ZPWIKI_PATH=/wiki
VOLUME ["/data"]
EXPOSE 8000

# python:3.11-slim has no curl; the standard library is enough for a probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD python -c "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=4).status == 200 else 1)"

CMD ["zpagent", "serve", "--host", "0.0.0.0", "--port", "8000"]
