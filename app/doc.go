// Package app is where every front end meets the game: the session, saved
// games, the LAN host and client, and the command line (app/cli).
package app
