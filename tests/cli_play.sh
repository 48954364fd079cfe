#!/usr/bin/env bash
# cli_play.sh - a person plays: a scripted human plays whole games through `cribsim play
# --seats human,...` (two players against expected, and partners), answering every prompt
# with a legal move after trying illegal ones, which must be refused with a reason; the game
# reaches its end and its summary; the other seats' cards stay hidden until the show; end of
# input ends the game with exit status 2.
source "$(dirname "$0")/lib_cli.sh"
cli_in_tmp
cat >driver.py <<'PY'
import os, re, subprocess, sys
cs, seats, rules, seed = sys.argv[1:5]
p = subprocess.Popen([cs, "play", "--seats", seats, "--rules", rules, "--seed", seed],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
buf, text, refused, answers = b"", "", 0, 0
bad_first = True
while True:
    chunk = os.read(p.stdout.fileno(), 4096)
    if not chunk:
        break
    buf += chunk
    text = buf.decode()
    last = text[text.rfind("\n") + 1:]
    if last.startswith("  lay away ") and last.endswith(": "):
        hand = re.findall(r"your hand: (.*)\n", text)[-1].split()
        n = int(last.split()[2])
        if bad_first is True:    # a card that is no card, then one not held
            answer, bad_first = "ZZ", "held"
        elif bad_first == "held":
            held = set(hand)
            other = next(c for c in ("AC", "AD", "AH", "AS", "2C", "2D") if c not in held)
            answer, bad_first = " ".join([other] + hand[1:n]), False
        else:
            answer = " ".join(hand[:n])
    elif last.startswith("  your card: "):
        legal = re.findall(r"you can play: (.*)\n", text)[-1].split()
        if answers == 0:
            answer = "QQ"
        else:
            answer = legal[-1]
        answers += 1
    else:
        continue
    buf += answer.encode() + b"\n"  # keep the answer in the transcript
    p.stdin.write(answer.encode() + b"\n")
    p.stdin.flush()
p.wait()
err = p.stderr.read().decode()
sys.stdout.write(buf.decode())
sys.stderr.write(err)
sys.exit(p.returncode)
PY
for game in "human,expected two 5" "human,mc:samples=20 two 8" "human,random,greedy,expected partners 3"; do
    # shellcheck disable=SC2086
    set -- $game
    "$py" driver.py "$cs" "$1" "$2" "$3" >out.txt 2>err.txt
    rc=$?
    [ "$rc" -eq 0 ] && ok || bad "$game: rc=$rc $(tail -3 err.txt)"
    grep -q "^  refused: 'ZZ': those are not cards" out.txt && ok || bad "$game: no refusal of ZZ"
    grep -q "refused: '.*': a card you do not hold" out.txt && ok || bad "$game: no refusal of a card not held"
    grep -q "refused: 'QQ': that is not a card" out.txt && ok || bad "$game: no refusal in the play"
    grep -qE "^(seat|team) [0-9].* wins|wins the game|^result" out.txt && ok ||
        bad "$game: no result: $(tail -4 out.txt)"
    # the first deal tells the human's cards only
    deal=$(sed -n '/^deal 1:/,/starter/p' out.txt)
    n=$(grep -c " dealt " <<<"$deal")
    [ "$n" -eq 1 ] && ok || bad "$game: $n seats' dealt cards shown in deal 1"
done
# End of input: the game ends unfinished, exit 2, with a message.
printf '' | "$cs" play --seats human,expected >/dev/null 2>eof.txt
rc=$?
[ "$rc" -eq 2 ] && grep -q "no more input" eof.txt && ok || bad "end of input: rc=$rc $(cat eof.txt)"
# Watching strategies play.
"$cs" play --seats expected,mc:samples=20 --seed 2 >watch.txt 2>&1 && grep -q "seats: 0 expected" watch.txt &&
    ok || bad "watching expected against mc: $(head -3 watch.txt)"
expect_error "seats that do not fit the rules" "seats for 2-player" "$cs" play --seats human,mc,greedy
cli_done
