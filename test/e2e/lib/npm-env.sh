# Sourced by setup.sh. `npm run` exports npm_config_* / npm_* variables describing the outer npm
# (Node 20); an inner npm on Node 24 passes them on, and code-server's postinstall reads the Node
# version from npm_config_user_agent ("requires node v24"). The installs must not depend on who
# called them, so they run with every such variable removed.
drop_npm_env() {
  local name
  for name in $(compgen -e); do
    case "$name" in
      npm_* | NPM_* | INIT_CWD) unset "$name" ;;
    esac
  done
}
