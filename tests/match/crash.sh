#!/bin/sh
# A UCI engine that exits when asked to search.
while read -r line; do
  case "$line" in
    uci) echo "id name crash"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
    quit) exit 0 ;;
  esac
done
