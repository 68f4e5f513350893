// Dice Tavern's phone page: one seat's private cup.  Plain JavaScript that
// current mobile Safari and Chrome both run (WebSocket, touch via click,
// navigator.vibrate only where present).  It shows what the table sends this
// seat (its own dice, the public bids, its legal moves) and answers a tap with
// {"type": "act", "version": V, "choice": I}; the table checks and applies it.
"use strict";
(function () {
  var token = location.pathname.split("/").pop();
  var $ = function (id) { return document.getElementById(id); };
  var ws = null, state = null, sent = false, retry = 400, timer = null, closedForGood = false;
  var qty = null, face = null, armed = null, armTimer = null, lastTurn = false, toastTimer = null;
  var refusal = "";   // the last refusal's whole sentence (a socket's close reason is cut at 120 bytes)
  var PIPS = { 1: [[50, 50]], 2: [[27, 27], [73, 73]], 3: [[27, 27], [50, 50], [73, 73]],
    4: [[27, 27], [73, 27], [27, 73], [73, 73]], 5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
    6: [[27, 25], [73, 25], [27, 50], [73, 50], [27, 75], [73, 75]] };
  var WORDS = { 1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes" };
  var WORD = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six" };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function colours(seat) {
    var c = (state && state.colours[seat]) || ["#c99a45", "#000000"];
    return { body: c[0], pip: c[1] };
  }
  function drawDie(faceValue, seat, kind) {
    var c = colours(seat), d = el("span", "die");
    d.style.background = c.body;
    d.setAttribute("role", "img");
    if (kind === "emblem" && faceValue === 1) {
      var star = el("span", "emblem", "\u2605");
      star.style.color = c.pip;
      d.appendChild(star);
      d.setAttribute("aria-label", "Emblem");
      return d;
    }
    (PIPS[faceValue] || []).forEach(function (p) {
      var pip = el("span", "pip");
      pip.style.left = p[0] + "%"; pip.style.top = p[1] + "%"; pip.style.background = c.pip;
      d.appendChild(pip);
    });
    d.setAttribute("aria-label", String(faceValue));
    return d;
  }
  function bidWords(q, f) { return q + " " + (q === 1 ? WORD[f] : WORDS[f]); }
  function name(seat) { return (state && state.names[seat]) || ("Seat " + (seat + 1)); }
  // a name set apart from the words around it (<bdi>): a Hebrew or Arabic
  // name reads right to left without turning the sentence's brackets and colon
  function nameNode(seat) { return el("bdi", "", name(seat)); }
  function toast(text) {
    var t = $("toast");
    t.textContent = text; t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { t.hidden = true; }, 3500);
  }
  function setLink(text, cls) { var l = $("link"); l.textContent = text; l.className = "pill " + cls; }

  function send(choice) {
    if (!ws || ws.readyState !== 1 || sent || !state) { return; }
    sent = true;
    ws.send(JSON.stringify({ type: "act", version: state.version, choice: choice.id }));
    document.body.classList.add("sent");
    render();
  }

  function render() {
    var s = state;
    if (!s) { return; }
    var me = s.seat;
    $("name").textContent = name(me);
    $("dot").style.background = colours(me).body;
    $("title").textContent = s.title;
    $("status").textContent = s.status;
    document.body.classList.toggle("turn", !!s.your_turn);
    document.body.classList.toggle("paused", !!s.paused);
    document.body.dataset.version = s.version;   // what the page shows (tests wait on it)
    var dice = $("dice");
    dice.textContent = "";
    if (s.dice.length) {
      s.dice.forEach(function (f) { dice.appendChild(drawDie(f, me, s.die_kind)); });
    } else {
      dice.appendChild(el("span", "none", s.over ? "The game is over." : "Under the cup once they are thrown."));
    }
    $("cup").hidden = !s.dice.length && !s.bids.length && s.game !== "liars-dice" && s.game !== "roll-call";
    $("odds").textContent = s.odds || "";
    renderOutcome(s.outcome);
    var bids = $("bids");
    bids.textContent = "";
    s.bids.forEach(function (b) {
      var li = el("li");
      li.append(nameNode(b.seat), ": " + bidWords(b.quantity, b.face));
      bids.appendChild(li);
    });
    bids.scrollTop = bids.scrollHeight;   // the newest bid in view
    var last = s.bids.length ? s.bids[s.bids.length - 1] : null;
    $("bid").textContent = last ? "" : "No bid yet";
    if (last) { $("bid").append(bidWords(last.quantity, last.face) + " (", nameNode(last.seat), ")"); }
    $("bidpanel").hidden = s.game !== "liars-dice" && s.game !== "roll-call";
    renderMoves();
    if (s.your_turn && !lastTurn) { buzz(); }
    lastTurn = !!s.your_turn;
  }

  function renderOutcome(o) {
    // the last reveal, as the table shows it, until this round's dice are ready
    $("outcome").hidden = !o;
    if (!o) { return; }
    $("outcomehead").textContent = o.heading;
    $("verdict").textContent = o.verdict;
    var counted = $("counted");
    counted.textContent = o.counts ? "Counted: " : "";
    (o.counts || []).forEach(function (n, seat) {
      if (seat) { counted.append(" \u00b7 "); }
      counted.append(nameNode(seat), " " + n);
    });
  }

  function buzz() {
    if (navigator.vibrate) { try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed yet */ } }
    document.body.classList.remove("flash");
    void document.body.offsetWidth;   // restart the animation
    document.body.classList.add("flash");
  }

  function renderMoves() {
    var s = state, bids = [], challenges = [], others = [];
    s.choices.forEach(function (c) {
      if (c.kind === "bid") { bids.push(c); } else if (c.kind === "challenge") { challenges.push(c); } else { others.push(c); }
    });
    $("moves").hidden = !s.choices.length;
    renderPicker(bids);
    var box = $("challenges");
    box.textContent = "";
    challenges.forEach(function (c) {
      var text = c.type === "CallOutOfTurn" ? "Call out of turn!" : (c.type === "Jinto" ? "Jinto!" : "Call!");
      var b = el("button", armed === c.type ? "armed" : "", armed === c.type ? text + " Tap again to confirm" : text);
      b.type = "button"; b.disabled = sent; b.dataset.type = c.type;
      b.addEventListener("click", function () {
        if (armed === c.type) { armed = null; send(c); return; }
        armed = c.type;
        clearTimeout(armTimer);
        armTimer = setTimeout(function () { armed = null; renderMoves(); }, 4000);
        renderMoves();
      });
      box.appendChild(b);
    });
    var list = $("choices");
    list.textContent = "";
    others.forEach(function (c) {
      var b = el("button", "", c.label.charAt(0).toUpperCase() + c.label.slice(1));
      b.type = "button"; b.disabled = sent;
      b.addEventListener("click", function () { send(c); });
      list.appendChild(b);
    });
  }

  function renderPicker(bids) {
    var picker = $("picker");
    picker.hidden = !bids.length;
    if (!bids.length) { return; }
    var qs = bids.map(function (b) { return b.quantity; });
    var lo = Math.min.apply(null, qs), hi = Math.max.apply(null, qs);
    if (qty === null || qty < lo || qty > hi || !bids.some(function (b) { return b.quantity === qty; })) {
      qty = lo; face = null;   // a new turn opens on the lowest quantity with a legal bid
    }
    var at = function (q, f) { return bids.filter(function (b) { return b.quantity === q && b.face === f; })[0]; };
    if (face !== null && !at(qty, face)) { face = null; }
    $("qty").textContent = qty;
    $("less").disabled = sent || qty <= lo;
    $("more").disabled = sent || qty >= hi;
    var faces = $("faces");
    faces.textContent = "";
    for (var f = 1; f <= 6; f++) {
      (function (fv) {
        var b = el("button", face === fv ? "sel" : "");
        b.type = "button";
        b.dataset.face = fv;
        b.appendChild(drawDie(fv, state.seat, state.die_kind));
        b.disabled = sent || !at(qty, fv);
        b.setAttribute("aria-label", WORDS[fv]);
        b.addEventListener("click", function () { face = fv; renderMoves(); });
        faces.appendChild(b);
      })(f);
    }
    var chosen = face !== null ? at(qty, face) : null;
    var go = $("bidbtn");
    go.disabled = sent || !chosen;
    go.textContent = chosen ? "Bid " + bidWords(qty, face) : "Pick a face";
    go.onclick = function () { if (chosen) { send(chosen); } };
  }

  $("less").addEventListener("click", function () { qty -= 1; renderMoves(); });
  $("more").addEventListener("click", function () { qty += 1; renderMoves(); });

  function connect() {
    clearTimeout(timer);
    if (closedForGood || (ws && ws.readyState <= 1)) { return; }
    setLink("connecting…", "off");
    var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + token);
    ws = socket;
    socket.onopen = function () { retry = 400; setLink("connected", "on"); };
    socket.onmessage = function (ev) {
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "linked") {   // this phone claimed the seat's code: its own key from now on
        token = msg.key;
        try { history.replaceState(null, "", "/p/" + token); } catch (e) { /* the key still serves this page */ }
      } else if (msg.type === "state") {
        var moved = !state || state.version !== msg.version;
        state = msg;
        if (moved) { sent = false; armed = null; qty = null; face = null; document.body.classList.remove("sent"); }
        render();
      } else if (msg.type === "refused") {
        refusal = msg.reason || "";
        sent = false;
        document.body.classList.remove("sent");
        toast(msg.reason);
        render();
      }
    };
    socket.onclose = function (ev) {
      if (ws !== socket) { return; }
      ws = null;
      var why = { 4000: "This seat was opened on another screen.", 4001: "This seat plays on the big screen now.",
        4002: "The table closed this game. Scan the new code for the next one.",
        4005: "The host left the table; your dice are safe. The game is saved: when it is continued, scan your new code.",
        1008: "Disconnected: too many refused messages." }[ev.code];
      var retired = ev.code === 4003 || ev.code === 4004;   // another phone holds the seat now: no dice here
      if (retired) {   // the sentence said just before the close, whole, if the close reason is its start
        why = ev.reason && refusal.indexOf(ev.reason) === 0 ? refusal
          : ev.reason || "This link no longer works: ask the table for a new code.";
      }
      if (why) {
        closedForGood = true;
        setLink("closed", "off");
        $("status").textContent = why;
        $("moves").hidden = true;
        if (retired) { $("cup").hidden = true; $("bidpanel").hidden = true; }
        return;
      }
      setLink("reconnecting…", "off");
      timer = setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { connect(); } });
  window.addEventListener("online", connect);
  window.addEventListener("pageshow", connect);
  connect();
})();
