#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Prints softatomic-rewrite's device options (--device-version,
# --device-extensions, --device-features) for a device profile written by
# softatomic-device-profile, so that a parse here is the one the layer
# makes on that device: SOFTATOMIC_LAYER_OPTIONS="$(THIS FILE)" fills a
# layer cache that the device's machine answers from (its key holds the
# profile). Usage: scripts/device-profile-options.sh PROFILE.json
set -euo pipefail
python3 - "$1" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
print("--device-version=" + p["version"].split()[1],
      "--device-extensions=" + ",".join(p["extensions"]),
      "--device-features=" + ",".join(p["features"]))
PY
