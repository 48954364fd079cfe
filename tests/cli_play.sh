#!/usr/bin/env bash
# cli_play.sh - a person plays: a scripted human plays whole games through `cribsim play
# --seats human,...` (two players against expected, and partners), answering every prompt
# with a legal move after trying illegal ones, which must be refused with a reason; the game
# reaches its end and its summary; the other seats' cards stay hidden until the show; end of
# input ends the game with exit status 2, `quit` with 0; the exact text of a deal from a pipe
# (the order of the others' cards, the header and the prompts; the board; help; named twice).
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
# A whole deal from a pipe, in the exact order a person must read it: the other seat's card and
# its points before the prompt that answers it, the play's header before its first prompt, the
# board (both scores) at each card, `help` and `?` answered and asked again, a card named twice
# refused as such, and `q` ending the game with the board and exit status 0. Hand-checked:
# his heels 2 to the dealer; 7S 3S TC QH: 30 and the go to seat 1; 3D KS JS 2H: the last card;
# the show: TC 7S 3D JS + JD a pair (2); 3S KS 2H QH + JD three fifteens (3+2+K, 3+2+Q, 3+2+J)
# and J-Q-K (9); the crib 5D 6H 9H 7C + JD fifteens 5+J, 6+9 and 5-6-7 (7): 2 to 20.
cat >want.txt <<'TXT'
cribsim play: seed 5, game 0
rules: two (two players, six cards, two to the crib, 121 points)
seats: 0 human, 1 expected

deal 1: seat 1 (expected) deals

  the board (to 121): seat 0 0, seat 1 0; you are seat 0
  your hand: 5D 6H TC 7S 3D JS
  lay away 2 to the dealer's crib:   refused: '5D 5D': 5D is named twice
  your hand: 5D 6H TC 7S 3D JS
  lay away 2 to the dealer's crib:   type your answer and press enter. Cards are rank then suit: A 2 .. 9 T (or 10)
  J Q K and C D H S, either case (5H 10c KD). Laying away: the cards on one line;
  in the play: one card of those you can play. `help` or `?` shows this; `quit` or
  `q` ends the game here.
  lay away 2 to the dealer's crib:   seat 0 (human)     dealt 5D 6H TC 7S 3D JS  lays away 5D 6H  keeps TC 7S 3D JS
  seat 1 (expected)  lays away 2 cards
  starter JD: his heels, 2 to seat 1 (expected)
  the play:
  board: seat 0 0, seat 1 2 (to 121)
  count 0, pile: (empty); your hand: JS 3D TC 7S; you can play: JS 3D TC 7S
  your card:     seat 0 (human)     7S  count  7
    seat 1 (expected)  3S  count 10
  board: seat 0 0, seat 1 2 (to 121)
  count 10, pile: 7S 3S; your hand: JS 3D TC; you can play: JS 3D TC
  your card:   type your answer and press enter. Cards are rank then suit: A 2 .. 9 T (or 10)
  J Q K and C D H S, either case (5H 10c KD). Laying away: the cards on one line;
  in the play: one card of those you can play. `help` or `?` shows this; `quit` or
  `q` ends the game here.
  your card:     seat 0 (human)     TC  count 20
    seat 1 (expected)  QH  count 30  +1  (go 1)
    -- the count starts again
  board: seat 0 0, seat 1 3 (to 121)
  count 0, pile: (empty); your hand: JS 3D; you can play: JS 3D
  your card:     seat 0 (human)     3D  count  3
    seat 1 (expected)  KS  count 13
  board: seat 0 0, seat 1 3 (to 121)
  count 13, pile: 3D KS; your hand: JS; you can play: JS
  your card:     seat 0 (human)     JS  count 23
    seat 1 (expected)  2H  count 25  +1  (last card 1)
  the show (starter JD):
    seat 0 (human)     hand TC 7S 3D JS   2  (pairs 2)
    seat 1 (expected)  hand 3S KS 2H QH   9  (fifteens 6, runs 3)
    seat 1 (expected)  crib 5D 6H 9H 7C   7  (fifteens 4, runs 3)
  scores: seat 0 2, seat 1 20

deal 2: seat 0 (human) deals

  the board (to 121): seat 0 2, seat 1 20; you are seat 0
  your hand: KC 7D 7C QS 8S QD
  lay away 2 to your crib:
cribsim play: you quit in deal 2: the game ends unfinished; board: seat 0 2, seat 1 20
TXT
printf '5D 5D\nhelp\n5D 6H\n7S\n?\nTC\n3D\nJS\nq\n' |
    "$cs" play --seats human,expected --seed 5 >got.txt 2>goterr.txt
rc=$?
sed -i 's/ *$//' got.txt
[ "$rc" -eq 0 ] && [ ! -s goterr.txt ] && ok || bad "quit: rc=$rc $(cat goterr.txt)"
diff want.txt got.txt >order.diff && ok || bad "the play's text from a pipe: $(cat order.diff)"
# quit and help are words alone, in any case; a line that only starts with one is an answer.
printf 'QUIT\n' | "$cs" play --seats human,expected --seed 5 >quit.txt 2>&1
rc=$?
[ "$rc" -eq 0 ] && grep -q "^cribsim play: you quit in deal 1: the game ends unfinished; board: seat 0 0, seat 1 0$" quit.txt &&
    ok || bad "QUIT: rc=$rc $(tail -2 quit.txt)"
printf 'q 5D\n' | "$cs" play --seats human,expected --seed 5 >qq.txt 2>&1
grep -q "refused: 'q 5D': those are not cards" qq.txt && ok || bad "q 5D: $(tail -3 qq.txt)"
cli_done
