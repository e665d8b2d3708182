#!/usr/bin/env bash
# Install the Debian packages the tests drive, when missing: chromium (browser tests),
# PostgreSQL's server binaries (tests/rooms start a throwaway cluster with initdb/pg_ctl)
# and nginx (tests/browser/test_proxy.py runs /usr/sbin/nginx with its own config).
# Nothing is started: no system cluster, no system nginx. Needs root to install; without
# root it names what is missing and the command that installs it.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "The tests need Debian's ${missing[*]}: run 'sudo make test-deps' (or" \
    "sudo apt-get install ${missing[*]}), then make test again." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
for pkg in "${missing[@]}"; do
  case "$pkg" in
    postgresql)
      # Tell Debian not to create (and start) a system cluster: nothing uses one.
      apt-get install -y -qq postgresql-common
      conf=/etc/postgresql-common/createcluster.conf
      grep -qx "create_main_cluster = false" "$conf" 2>/dev/null \
        || echo "create_main_cluster = false" >>"$conf"
      apt-get install -y -qq postgresql
      ;;
    nginx)
      # The package would start a system nginx on port 80 as it installs: a policy-rc.d
      # that says "no" (exit 101) keeps invoke-rc.d from starting it; any that started
      # anyway is stopped.
      made_policy=
      if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        made_policy=1
      fi
      apt-get install -y -qq nginx
      [ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
      if [ -s /run/nginx.pid ]; then /usr/sbin/nginx -s quit || true; fi
      ;;
    *)
      apt-get install -y -qq "$pkg"
      ;;
  esac
done
