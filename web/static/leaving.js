// Leaving the table during a game, from a seated player's page: a control below the hand,
// apart from the moves, that asks first ("Leave the table? A bot plays your seat to the
// end.") and leaves only on a second, deliberate press; Stay or Escape takes the question
// back and gives the control its focus again. The server says what follows: the page goes on
// as a spectator's, saying the player left. Loaded before table.js, which draws it each frame.
"use strict";

// a second press of Leave sends nothing until the first is answered: by the frame that no
// longer offers it, or by a refusal (table.js), or lost with its socket
let leaveSent = false;

function askLeave(open) {
  $("leave").hidden = open;
  $("leave-ask").hidden = !open;
  // the question opens on Stay: a key pressed twice, or a double click, leaves nobody
  (open ? $("leave-no") : $("leave")).focus();
}

$("leave").onclick = () => askLeave(true);
$("leave-no").onclick = () => askLeave(false);
$("leave-ask").onkeydown = (event) => {
  if (event.key === "Escape") askLeave(false);
};
$("leave-yes").onclick = () => {
  if (leaveSent) return;
  leaveSent = true;
  send({ type: "leave_game" });
};

// each frame: the control where the frame offers it, in the table's words, the question kept
// open across frames (a bot's move, a watcher coming); the sentence of a player who left
function drawLeaving(f) {
  const offer = f.leave;
  const area = $("leaving");
  const focused = area.contains(document.activeElement);
  area.hidden = !offer;
  if (offer) {
    $("leave").textContent = offer.label;
    $("leave-question").textContent = offer.asked;
    $("leave-yes").textContent = offer.yes;
    $("leave-no").textContent = offer.no;
  } else {
    leaveSent = false;
    $("leave").hidden = false;
    $("leave-ask").hidden = true;
  }
  const left = $("left");
  left.textContent = f.left || "";
  left.hidden = !f.left;
  // the control is gone with the seat: focus goes to the sentence that says why
  if (focused && !offer && f.left) left.focus({ preventScroll: true });
}
