#!/bin/sh
# `burrow play` from outside, as a person uses it: the key scripts replayed
# through the CLI give the same folded screen hashes as test_play on the
# desktop and the boards; then the real binary in a pseudo-terminal
# (tmux): moves show on the screen, q, Ctrl-C and a kill restore the
# terminal, a terminal too small gets one line. Usage: tests/play.sh build/burrow
B=${1:-build/burrow}
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
tab=$(printf '\t')

# the header the boards replay must be the scripts on disk
if sh tests/play/embed.sh | cmp -s - tests/play_scripts.h; then ok play_scripts_header_fresh
else bad play_scripts_header_fresh "run: sh tests/play/embed.sh > tests/play_scripts.h"; fi

grep -v -e '^#' -e '^$' tests/play/scripts.tsv > build/play-scripts.tsv
while IFS="$tab" read -r name gen seed level opts final changes fold; do
    [ "$opts" = "-" ] && opts=""
    # shellcheck disable=SC2086 # options are words
    got=$($B play "$gen" --seed "$seed" --level "$level" $opts --keys "tests/play/$name.keys" | tail -n 1)
    want="end frames $(wc -c < "tests/play/$name.keys" | tr -d ' ') level $final changes $changes fold $fold"
    case $got in
    "end frames "*" level $final changes $changes fold $fold") ok "play_cli_replays_$name" ;;
    *) bad "play_cli_replays_$name" "got '$got', want level $final changes $changes fold $fold" ;;
    esac
done < build/play-scripts.tsv

# a script that ends without q: the game ends cleanly
printf 'lll' > build/play-noq.keys
if $B play mines --seed 1 --keys build/play-noq.keys > /dev/null; then ok play_input_ends_cleanly
else bad play_input_ends_cleanly "exit $?"; fi
# no terminal and no script: one line, exit 2
out=$($B play mines --seed 1 < /dev/null 2>&1 > /dev/null); st=$?
if [ $st = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ]; then ok play_needs_a_terminal
else bad play_needs_a_terminal "exit $st: $out"; fi

if ! command -v tmux > /dev/null 2>&1; then
    bad play_in_a_terminal "tmux is not installed (make check installs it)"
else
    S=burrow-play-$$
    # a server of our own (-L): nothing else on the machine is touched
    tmux() { command tmux -L "$S" "$@"; }
    n=0
    screen() { tmux capture-pane -t "w$n" -p; }
    wait_for() { # TEXT: up to 5 s
        i=0
        while [ $i -lt 50 ]; do screen | grep -q "$1" && return 0; sleep 0.1; i=$((i + 1)); done
        return 1
    }
    run() { # COLS ROWS COMMAND: in a fresh tmux session; the shell prints the
            # terminal settings before and after, and the exit status
        n=$((n + 1)) # a session a run, all in one server, killed at the end
        tmux new-session -d -s "w$n" -x "$1" -y "$2" \
            "stty -g > build/play-stty.before; $3; echo \"exit \$?\" > build/play-exit; stty -g > build/play-stty.after; sleep 30"
    }
    restored() {
        i=0
        while [ $i -lt 50 ] && [ ! -s build/play-stty.after ]; do sleep 0.1; i=$((i + 1)); done
        cmp -s build/play-stty.before build/play-stty.after
    }
    rm -f build/play-stty.after build/play-exit
    run 100 30 "$B play mines --seed 1"
    if wait_for "mines seed 1 level 1" && tmux send-keys -t "w$n" l l l && wait_for "turn 3"; then
        ok play_moves_show_on_screen
    else bad play_moves_show_on_screen "$(screen | tail -n 3)"; fi
    tmux send-keys -t "w$n" q
    if restored && grep -q "exit 0" build/play-exit; then ok play_q_restores_terminal
    else bad play_q_restores_terminal "stty differs or $(cat build/play-exit 2>/dev/null)"; fi

    rm -f build/play-stty.after
    run 100 30 "$B play crypts --seed 2"
    wait_for "crypts seed 2" && tmux send-keys -t "w$n" C-c
    if restored; then ok play_ctrl_c_restores_terminal
    else bad play_ctrl_c_restores_terminal "stty differs"; fi

    rm -f build/play-stty.after
    run 100 30 "$B play forest --seed 3"
    # the game is the one child of the pane's shell
    wait_for "forest seed 3" && kill -TERM "$(pgrep -P "$(tmux list-panes -t "w$n" -F '#{pane_pid}')")"
    if restored; then ok play_kill_restores_terminal
    else bad play_kill_restores_terminal "stty differs"; fi

    rm -f build/play-stty.after build/play-exit
    run 30 10 "$B play mines --seed 1 2> build/play-err"
    if restored && grep -q "exit 2" build/play-exit && [ "$(wc -l < build/play-err)" = 1 ] &&
       grep -q "needs a terminal of at least 40 x 12" build/play-err; then
        ok play_small_terminal_one_line
    else bad play_small_terminal_one_line "$(cat build/play-err build/play-exit)"; fi
    tmux kill-server 2>/dev/null
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
