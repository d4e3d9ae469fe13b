#!/bin/sh
# A UCI engine that answers each search a second late: it loses on time.
while read -r line; do
  case "$line" in
    uci) echo "id name slow"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) sleep 1; echo "bestmove e2e4" ;;
    quit) exit 0 ;;
  esac
done
