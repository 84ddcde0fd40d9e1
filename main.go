// DipDesk plays and adjudicates Diplomacy and old postal variants.
//
// With arguments it runs a command (dipdesk help lists them). Without
// arguments it will open the desktop window; until that lands it prints
// the commands.
package main

import (
	"fmt"
	"os"

	"dipdesk/app/cli"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Println("The DipDesk desktop window is not built yet; these commands work today:")
		fmt.Println()
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
