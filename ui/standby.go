package ui

import (
	"os"

	"dipdesk/engine"
)

// standby hands power's seat (by its name) to a standby player and shows
// the brief the standby must be given: every unit the seat controls with
// its card. The brief may be saved to a file to send; it is the seat's
// secret, so only the game master's window does this.
func (gw *GameWindow) standby(powerName, player, pin string) {
	if !gw.gm {
		return
	}
	var power engine.Power
	for _, p := range gw.m.PowerIDs() {
		if gw.m.PowerName(p) == powerName {
			power = p
		}
	}
	brief, err := gw.g.HandSeat(power, player, pin)
	if err != nil {
		gw.flash(errText("Standby", err))
		return
	}
	gw.gmTools.clearStandby()
	gw.flash(powerName + " handed to a standby")
	gw.desk.ask(gw.win, powerName+": the standby's brief", brief, []string{"Save the brief…", "Close"}, func(i int) {
		if i != 0 {
			return
		}
		gw.desk.chooseSave(gw.win, gw.exportName(gw.phases[len(gw.phases)-1].Name, engine.Seat{Power: power}, ".txt"), []string{".txt"}, func(path string) {
			if err := gw.notTheSave(path); err != nil {
				gw.flash(errText("Save the brief", err))
				return
			}
			if err := os.WriteFile(path, []byte(brief), 0o600); err != nil {
				gw.flash(errText("Save the brief", err))
				return
			}
			gw.flash("The brief is in " + path)
		})
	})
}
