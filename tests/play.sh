#!/bin/sh
# `burrow play` from outside, as a person uses it: the key scripts replayed
# through the CLI give the same folded screen hashes as test_play on the
# desktop and the boards; then the real binary in a pseudo-terminal
# (tmux): moves show on the screen, a resize is drawn at once, help, look
# and messages show, the menu starts a game, each generator's first
# screen at 80 x 24 is its golden (tests/play/screens; `sh tests/play.sh
# build/burrow write` remakes them), the top row too, q, Ctrl-C and a kill
# by any signal restore the terminal, a terminal too small gets one line,
# the colours are the CLI's. Usage: tests/play.sh build/burrow
B=${1:-build/burrow}
WRITE=0
[ "$2" = write ] && WRITE=1
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

# play's own input: the key script a regular file, read whole or refused
mkfifo build/play-fifo.keys 2>/dev/null
out=$(timeout 5 "$B" play mines --seed 1 --keys build/play-fifo.keys 2>&1 > /dev/null); st=$?
rm -f build/play-fifo.keys
if [ $st = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s' "$out" | grep -q "not a regular file"; then
    ok play_keys_fifo_refused
else bad play_keys_fifo_refused "exit $st (124: it hung): $out"; fi
out=$($B play mines --seed 1 --keys tests/play/mines-down.keys 2>&1 > /dev/full); st=$?
if [ $st = 1 ] && [ "$out" = "burrow: could not write the output" ]; then ok play_replay_unwritten_exits_1
else bad play_replay_unwritten_exits_1 "exit $st: $out"; fi
# 5,000 waits and q: every key replayed (a frame each), none cut
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "."; printf "q" }' > build/play-long.keys
got=$($B play mines --seed 1 --keys build/play-long.keys | tail -n 1)
case $got in
"end frames 5001 "*) ok play_long_key_script_read_whole ;;
*) bad play_long_key_script_read_whole "$got" ;;
esac
awk 'BEGIN { for (i = 0; i < 70000; i++) printf "." }' > build/play-long.keys
out=$($B play mines --seed 1 --keys build/play-long.keys 2>&1 > /dev/null); st=$?
if [ $st = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s' "$out" | grep -q "longer than 65536"; then
    ok play_too_long_key_script_refused
else bad play_too_long_key_script_refused "exit $st: $out"; fi
# the options that print levels are refused, not ignored
for args in "overworld --mask /nonexistent" "overworld --format text" "overworld --dist h" \
            "overworld --dist h --px 3 --py 3" "abyss --epoch 2" "abyss --epoch 2 --px 3 --py 3" "mines --format png" \
            "mines --level all"; do
    # shellcheck disable=SC2086 # options are words
    out=$($B play $args --seed 1 --keys tests/play/badkeys.keys 2>&1 > /dev/null); st=$?
    if [ $st = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ]; then ok "play_refuses: $args"
    else bad "play_refuses: $args" "exit $st: $out"; fi
done

if ! command -v tmux > /dev/null 2>&1; then
    bad play_in_a_terminal "tmux is not installed (make check installs it)"
else
    S=burrow-play-$$
    # a server of our own (-L): nothing else on the machine is touched
    tmux() { command tmux -L "$S" "$@"; }
    n=0
    screen() { tmux capture-pane -t "w$n" -p; }
    wait_for_row() { # ROW TEXT: row ROW (1-based) matches, up to 5 s
        i=0
        while [ $i -lt 50 ]; do screen | sed -n "$1p" | grep -q "$2" && return 0; sleep 0.1; i=$((i + 1)); done
        return 1
    }
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

    # the other signals that end a process: the terminal back as it was,
    # and off the alternate screen
    for sig in QUIT USR1 ALRM; do
        rm -f build/play-stty.after
        run 100 30 "ulimit -c 0; $B play forest --seed 3"
        wait_for "forest seed 3" && kill -"$sig" "$(pgrep -P "$(tmux list-panes -t "w$n" -F '#{pane_pid}')")"
        if restored && [ "$(tmux display-message -p -t "w$n" '#{alternate_on}')" = 0 ]; then
            ok "play_sig${sig}_restores_terminal"
        else bad "play_sig${sig}_restores_terminal" "stty differs or still on the alternate screen"; fi
    done

    # the top row stays on screen: the overworld's north gate, at (59,0)
    rm -f build/play-stty.after
    run 80 24 "$B play overworld --seed 7"
    if wait_for "overworld seed 7" && tmux send-keys -t "w$n" lllllllllllluuuluuuk && wait_for "(59,0) turn 20  gate" &&
       screen | head -n 1 | grep -q '@'; then
        ok play_top_row_shown
    else bad play_top_row_shown "row 1: '$(screen | head -n 1)'"; fi
    tmux send-keys -t "w$n" q
    restored

        # a resize is drawn at once, not at the next key; while the terminal
    # is too small the notice is up and keys move nothing; at 50 columns
    # the status line is cut, not wrapped
    rm -f build/play-stty.after
    run 80 24 "$B play mines --seed 1"
    if wait_for "mines seed 1 level 1" && tmux resize-window -t "w$n" -x 100 -y 30 &&
       wait_for_row 29 "^mines seed 1 level 1"; then
        ok play_resize_redraws_at_once
    else bad play_resize_redraws_at_once "$(screen | tail -n 3)"; fi
    tmux resize-window -t "w$n" -x 30 -y 10
    if wait_for "needs 40 x 12" && tmux send-keys -t "w$n" l l l j j && sleep 0.3 &&
       tmux resize-window -t "w$n" -x 50 -y 24 && wait_for "turn 0" && ! screen | grep -q "turn [1-9]"; then
        ok play_small_notice_keys_move_nothing
    else bad play_small_notice_keys_move_nothing "$(screen | tail -n 3)"; fi
    # 50 columns: the status line on the row above the message, whole rows
    if screen | sed -n 23p | grep -q "^mines seed 1 level 1" && [ "$(screen | awk 'length > 50' | wc -l)" = 0 ]; then
        ok play_status_line_fits_50_columns
    else bad play_status_line_fits_50_columns "$(screen | tail -n 3)"; fi
    # help, a look, the messages
    tmux send-keys -t "w$n" '?'
    if wait_for "On this level" && wait_for "dirt"; then ok play_help_screen
    else bad play_help_screen "$(screen | head -n 10)"; fi
    tmux send-keys -t "w$n" ' ' x
    if wait_for "you, on "; then ok play_look_cursor
    else bad play_look_cursor "$(screen | tail -n 2)"; fi
    tmux send-keys -t "w$n" Escape Z Z m
    if wait_for "Messages, the newest last" && [ "$(screen | grep -c "Unknown key")" = 2 ]; then ok play_messages_reread
    else bad play_messages_reread "$(screen | head -n 5)"; fi
    tmux send-keys -t "w$n" ' ' q
    restored

    # burrow play alone: the menu of the generators, a seed, a game, back
    rm -f build/play-stty.after build/play-exit
    run 80 24 "$B play"
    if wait_for "pick a generator" && [ "$(screen | grep -c "^[ >] [1-8] ")" = 8 ] &&
       tmux send-keys -t "w$n" 6 && wait_for "Seed" && tmux send-keys -t "w$n" 4 2 Enter &&
       wait_for "mdungeon seed 42 floor 1" && tmux send-keys -t "w$n" q && wait_for "pick a generator"; then
        ok play_menu_picks_a_generator_and_seed
    else bad play_menu_picks_a_generator_and_seed "$(screen | head -n 12)"; fi
    tmux send-keys -t "w$n" q
    if restored && grep -q "exit 0" build/play-exit; then ok play_menu_q_restores_terminal
    else bad play_menu_q_restores_terminal "stty differs or $(cat build/play-exit 2>/dev/null)"; fi

    # a golden screen for each generator at 80 x 24 (tests/play/screens;
    # `sh tests/play.sh build/burrow write` remakes them)
    mkdir -p tests/play/screens
    for g in $($B list | cut -f 1 | tail -n +2); do
        rm -f build/play-stty.after
        run 80 24 "$B play $g --seed 1 --nocolor"
        if wait_for "^$g seed 1 "; then
            sleep 0.2
            screen > "build/play-screen-$g.txt"
            if [ "$WRITE" = 1 ]; then cp "build/play-screen-$g.txt" "tests/play/screens/$g.txt"; fi
            if cmp -s "build/play-screen-$g.txt" "tests/play/screens/$g.txt"; then ok "play_golden_screen_$g"
            else bad "play_golden_screen_$g" "differs from tests/play/screens/$g.txt"; fi
        else bad "play_golden_screen_$g" "$(screen | tail -n 2)"; fi
        tmux send-keys -t "w$n" q
        restored
    done

    # the colours are the CLI's: every SGR sequence the game writes for
    # the overworld's map is one `burrow overworld --format ansi` writes
    # (a leading reset aside), script(1) keeping the game's raw bytes
    if command -v script > /dev/null 2>&1; then
        rm -f build/play-stty.after build/play-raw
        run 80 24 "script -q -c '$B play overworld --seed 7' build/play-raw"
        wait_for "overworld seed 7" && tmux send-keys -t "w$n" q
        restored
        sgrs() { LC_ALL=C grep -ao "$(printf '\033')\\[[0-9;]*m" | sed 's/^.\[//; s/m$//; s/^0;//' | grep -v -x -e 0 -e '' -e 97 | sort -u; }
        $B overworld --seed 7 --format ansi | sgrs > build/play-sgr.cli
        sgrs < build/play-raw > build/play-sgr.game
        if [ -s build/play-sgr.game ] && [ -z "$(comm -23 build/play-sgr.game build/play-sgr.cli)" ]; then
            ok play_colours_are_the_clis
        else bad play_colours_are_the_clis "the game's only: $(comm -23 build/play-sgr.game build/play-sgr.cli | tr '\n' ' ')"; fi
    else
        bad play_colours_are_the_clis "script(1) is not installed"
    fi

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
