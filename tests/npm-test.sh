#!/bin/sh
# `npm test`: lint, the format check and the type check (`npm run checks`) run beside vitest, not before it, at a lower
# priority: vitest leaves CPU idle while its files wait on sockets, timers and child processes, and
# the checks use it (docs/decisions/0005). Their output is printed after vitest's.
mkdir -p test-results
nice -n 10 npm run -s checks > test-results/checks.log 2>&1 &
checks=$!
trap 'kill "$checks" 2>/dev/null' INT TERM
# Vite bundles vitest.config.ts (Node 20 cannot load TypeScript natively) and warned, once per project, that
# the native loader would not take its extensionless imports: nothing to act on here.
export VITE_CONFIG_NATIVE_IGNORE_WARNING=true
vitest run "$@"
tests=$?
wait "$checks"
checked=$?
cat test-results/checks.log
if [ "$checked" -ne 0 ]; then echo "npm test: lint, the format check or the type check failed (above)"; fi
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
