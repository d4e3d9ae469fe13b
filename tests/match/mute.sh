#!/bin/sh
# A UCI engine that shakes hands and then never answers a search.
while read -r line; do
  case "$line" in
    uci) echo "id name mute"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
