package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"dipdesk/app/session"
	"dipdesk/app/store"
	"dipdesk/engine"
	"dipdesk/variants"
)

// Seat modes offered for a new game.
const (
	modeHotSeat = "Hot seat: players share this computer"
	modeGM      = "Game master: I enter everyone's orders"
)

// StartWindow is the first window: a new game, open, recent games and
// review.
type StartWindow struct {
	desk *Desk
	win  fyne.Window

	variants []*engine.Variant
	variant  *widget.Select
	desc     *widget.Label
	seed     *widget.Entry // the game master's seed; hot seat draws one nobody sees
	seedNote *widget.Label // in hot seat, in the seed's place: why it is not shown
	newSeed  func() uint64 // a fresh random seed (tests fix it)
	opts     *widget.Entry // the variant's options: "NAME=VALUE, NAME=VALUE"
	mode     *widget.RadioGroup
	seatBox  *fyne.Container
	seats    []seatRow
	recent   *widget.List
	status   *widget.Label
}

// seatRow is one power's line in the new game form.
type seatRow struct {
	power  engine.Power
	player *widget.Entry
	pin    *widget.Entry
}

func newStartWindow(d *Desk) *StartWindow {
	s := &StartWindow{desk: d, win: d.app.NewWindow("DipDesk"), variants: variants.All(), newSeed: randomSeed}
	s.win.SetContent(s.content())
	s.win.Resize(fyne.NewSize(820, 780))
	s.win.SetOnClosed(func() { d.start = nil })
	return s
}

func (s *StartWindow) content() fyne.CanvasObject {
	var names []string
	for _, v := range s.variants {
		names = append(names, v.Name)
	}
	s.desc = widget.NewLabel("")
	s.desc.Wrapping = fyne.TextWrapWord
	s.seatBox = container.NewVBox()
	s.variant = widget.NewSelect(names, func(string) { s.variantChanged() })
	s.seed = widget.NewEntry()
	s.seed.SetPlaceHolder("random; or a whole number such as 1901 to replay a game")
	s.seedNote = widget.NewLabel("drawn at random and never shown: at a shared screen a seed tells the deal. " +
		"It is kept in the save file; a game master sees it (dipdesk show FILE --as gm)")
	s.seedNote.Wrapping = fyne.TextWrapWord
	s.seedNote.Importance = widget.LowImportance
	s.opts = widget.NewEntry()
	s.opts.SetPlaceHolder("none (NAME=VALUE, comma separated; see the variant's rulings)")
	s.mode = widget.NewRadioGroup([]string{modeHotSeat, modeGM}, func(string) { s.modeChanged() })
	s.status = widget.NewLabel("")
	s.status.Wrapping = fyne.TextWrapWord
	s.variant.SetSelectedIndex(0)
	s.mode.SetSelected(modeHotSeat)

	form := widget.NewForm(
		widget.NewFormItem("Variant", s.variant),
		widget.NewFormItem("", s.desc),
		widget.NewFormItem("Seats", s.mode),
		widget.NewFormItem("Seed", container.NewStack(s.seed, s.seedNote)),
		widget.NewFormItem("Options", s.opts),
	)
	create := widget.NewButton("Create game…", s.askCreate)
	create.Importance = widget.HighImportance
	secrets := widget.NewLabel(saveFileNote)
	secrets.Wrapping = fyne.TextWrapWord
	secrets.Importance = widget.LowImportance
	newGame := container.NewBorder(form, container.NewVBox(secrets, create), nil, nil, container.NewVScroll(s.seatBox))

	open := widget.NewButton("Open…", func() { s.desk.chooseOpen(s.win, func(p string) { s.open(p, false) }) })
	review := widget.NewButton("Review (read-only)…", func() { s.desk.chooseOpen(s.win, func(p string) { s.open(p, true) }) })
	s.recent = widget.NewList(
		func() int { return len(recentFiles(s.desk.app.Preferences())) },
		func() fyne.CanvasObject { return widget.NewLabel("recent game") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if list := recentFiles(s.desk.app.Preferences()); i < len(list) {
				o.(*widget.Label).SetText(list[i])
			}
		})
	s.recent.OnSelected = func(i widget.ListItemID) {
		s.recent.UnselectAll()
		if list := recentFiles(s.desk.app.Preferences()); i < len(list) {
			s.open(list[i], false)
		}
	}
	host := widget.NewButton("Host on LAN…", func() { s.desk.hostOnLAN(s.win) })
	join := widget.NewButton("Join LAN game…", func() { s.desk.ShowJoin() })
	side := container.NewBorder(container.NewVBox(open, review, host, join, widget.NewLabel("Recent games")), nil, nil, nil, s.recent)
	split := container.NewHSplit(newGame, side)
	split.Offset = 0.62
	return container.NewBorder(nil, s.status, nil, nil, split)
}

// saveFileNote says plainly what the save file holds and what a PIN does.
const saveFileNote = "The save file holds everything: every order, every card, hidden units, the deck and the seed. " +
	"A PIN keeps the others at this computer out of your seat in DipDesk; it does not protect the file: " +
	"anyone with the file and sqlite3 reads everything."

// randomSeed is a seed from the clock.
func randomSeed() uint64 { return uint64(time.Now().UnixNano()) }

// modeChanged shows the seed to a game master only, and enables the seat
// rows in hot seat. A seed once shown is never used for a hot-seat game:
// coming back to hot seat draws a new one.
func (s *StartWindow) modeChanged() {
	if s.mode.Selected == modeGM {
		s.seedNote.Hide()
		s.seed.Show()
	} else {
		s.seed.Hide()
		s.seed.SetText("")
		s.seedNote.Show()
	}
	s.seatsEnabled()
}

// clearForm empties the form once a game is made from it: the players,
// the PINs, the seed and the options go, so the next person at the
// screen finds none of them (not even behind the PIN fields' eye).
func (s *StartWindow) clearForm() {
	for _, r := range s.seats {
		r.player.SetText("")
		r.pin.SetText("")
	}
	s.seed.SetText("")
	s.opts.SetText("")
}

// selectedVariant returns the variant chosen in the form.
func (s *StartWindow) selectedVariant() *engine.Variant {
	i := s.variant.SelectedIndex()
	if i < 0 || i >= len(s.variants) {
		return s.variants[0]
	}
	return s.variants[i]
}

// variantChanged shows the variant's description and one seat row per
// power of its map.
func (s *StartWindow) variantChanged() {
	v := s.selectedVariant()
	s.desc.SetText(v.Description)
	s.seats = nil
	s.seatBox.RemoveAll()
	m, err := v.Map()
	if err != nil {
		s.status.SetText(errText(v.Name, err))
		return
	}
	// The great powers, then the variant's roles (seats with no home
	// centres: a Jester, a Mastermind), each named as a role.
	var grids [2]*fyne.Container
	for _, p := range m.Powers {
		k := 0
		name := p.Name
		if p.Role {
			k, name = 1, p.Name+" (role)"
		}
		if grids[k] == nil {
			grids[k] = container.NewGridWithColumns(3)
		}
		row := seatRow{power: p.ID, player: widget.NewEntry(), pin: widget.NewPasswordEntry()}
		row.player.SetPlaceHolder("player (optional)")
		row.pin.SetPlaceHolder("PIN (optional)")
		s.seats = append(s.seats, row)
		grids[k].Add(widget.NewLabel(name))
		grids[k].Add(row.player)
		grids[k].Add(row.pin)
	}
	if grids[0] != nil {
		s.seatBox.Add(grids[0])
	}
	if grids[1] != nil {
		head := widget.NewLabelWithStyle(fmt.Sprintf("Roles: seats with no home centres (%d seats in all)", len(s.seats)),
			fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		s.seatBox.Add(head)
		s.seatBox.Add(grids[1])
	}
	s.seatsEnabled()
}

// Choose offers variant id in the New game list and selects it: a
// variant hidden from the list (the test-only one) is added to it, for
// tests and for `dipdesk gui --variant ID`.
func (s *StartWindow) Choose(id string) error {
	v, ok := variants.Lookup(id)
	if !ok {
		return fmt.Errorf("no variant %q (dipdesk variants lists them)", id)
	}
	for i, x := range s.variants {
		if x == v {
			s.variant.SetSelectedIndex(i)
			return nil
		}
	}
	s.variants = append(s.variants, v)
	s.variant.Options = append(s.variant.Options, v.Name)
	s.variant.SetSelectedIndex(len(s.variants) - 1)
	return nil
}

// seatsEnabled greys out the seat rows in game-master mode.
func (s *StartWindow) seatsEnabled() {
	for _, r := range s.seats {
		if s.mode.Selected == modeGM {
			r.player.Disable()
			r.pin.Disable()
		} else {
			r.player.Enable()
			r.pin.Enable()
		}
	}
}

// options reads the form.
func (s *StartWindow) options() (session.Options, error) {
	seed := s.newSeed()
	if s.mode.Selected == modeGM && strings.TrimSpace(s.seed.Text) != "" {
		n, err := strconv.ParseUint(strings.TrimSpace(s.seed.Text), 10, 64)
		if err != nil {
			return session.Options{}, fmt.Errorf("seed %q: want a whole number such as 1901, or nothing for a random one", s.seed.Text)
		}
		seed = n
	}
	o := session.Options{Variant: s.selectedVariant().ID, Seed: seed}
	opts, err := parseOptionList(s.opts.Text)
	if err != nil {
		return session.Options{}, err
	}
	o.Options = opts
	if s.mode.Selected == modeGM {
		o.Seats = []store.Seat{{Power: "gm"}}
		return o, nil
	}
	for _, r := range s.seats {
		st := store.Seat{Power: string(r.power), Player: strings.TrimSpace(r.player.Text)}
		if pin := strings.TrimSpace(r.pin.Text); pin != "" {
			st.PinHash = session.HashPIN(pin)
		}
		o.Seats = append(o.Seats, st)
	}
	return o, nil
}

// askCreate checks the form, asks where to save and creates the game.
func (s *StartWindow) askCreate() {
	if _, err := s.options(); err != nil {
		s.status.SetText(err.Error())
		return
	}
	s.desk.chooseSave(s.win, "game.dipdesk", []string{".dipdesk"}, func(path string) { s.create(path) })
}

// create writes a new game at path and opens its window.
func (s *StartWindow) create(path string) *GameWindow {
	o, err := s.options()
	if err != nil {
		s.status.SetText(err.Error())
		return nil
	}
	g, err := session.Create(withExt(path, ".dipdesk"), o)
	if err != nil {
		s.status.SetText(errText("New game", err))
		return nil
	}
	gw, err := s.desk.showGame(g, "", false)
	if err != nil {
		g.Close()
		s.status.SetText(errText("New game", err))
		return nil
	}
	s.clearForm()
	s.status.SetText("Created " + g.Path())
	s.recent.Refresh()
	return gw
}

// open opens a saved game, read-only for review.
func (s *StartWindow) open(path string, review bool) *GameWindow {
	gw, err := s.desk.OpenGame(path, "", review)
	if err != nil {
		s.status.SetText(errText("Open", err))
		return nil
	}
	s.status.SetText("Opened " + path)
	s.recent.Refresh()
	return gw
}

// parseOptionList reads the new game form's options: "NAME=VALUE" pairs
// separated by commas or semicolons (a value may itself hold commas only
// when it is the last pair: "retreat_phase=needed, add_cards=X5,X8").
// The variant's Setup checks the names and values.
func parseOptionList(text string) (map[string]string, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	out := map[string]string{}
	var last string
	for _, item := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' }) {
		item = strings.TrimSpace(item)
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			if last == "" {
				return nil, fmt.Errorf("options: %q is not NAME=VALUE", item)
			}
			out[last] += "," + item // a list value: add_cards=X5,X8
			continue
		}
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, fmt.Errorf("options: %q has no name", item)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("options: %s given twice", name)
		}
		out[name], last = strings.TrimSpace(value), name
	}
	return out, nil
}
