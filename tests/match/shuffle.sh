#!/bin/sh
# A UCI engine that plays the same four moves over and over, White's and
# Black's in turn: its arguments, or the knights out and back (g1f3 g8f6
# f3g1 f6g8). Games that repeat, for the referee's repetition rules.
[ $# -eq 4 ] || set -- g1f3 g8f6 f3g1 f6g8
cycle="$*"
ply=0
while read -r line; do
  case "$line" in
    uci) echo "id name shuffle"
         echo "option name UCI_Variant type combo default chess var chess var buratia var japanese var voodoo"
         echo "uciok" ;;
    isready) echo "readyok" ;;
    position*)
      set -- $line
      ply=0; seen=0
      for w in "$@"; do
        if [ "$seen" = 1 ]; then ply=$((ply + 1)); fi
        if [ "$w" = moves ]; then seen=1; fi
      done ;;
    go*)
      set -- $cycle
      shift $((ply % 4))
      m=$1
      echo "info depth 1 score cp 0"; echo "bestmove $m" ;;
    quit) exit 0 ;;
  esac
done
