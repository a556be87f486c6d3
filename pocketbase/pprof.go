package main

import (
	"log"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"strconv"
	"time"

	"github.com/dop251/goja"
)

// PPROF_ADDR (for example 127.0.0.1:6060): Go's profiler on its own address,
// for capacity work (bench/README.md: "Profiling the server"). Unset, as in
// production, nothing listens. Only a loopback address is taken: profiles and
// goroutine dumps show the server's insides, so they are never offered to the
// network, whatever the setting says.
func servePprof() {
	addr := os.Getenv("PPROF_ADDR")
	if addr == "" {
		return
	}
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		log.Printf("PPROF_ADDR %q: the profiler listens only on a loopback address, such as 127.0.0.1:6060; not started", addr)
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	// the hooks' JavaScript by function (goja's own sampler), in the same format
	mux.HandleFunc("/debug/jsprofile", func(w http.ResponseWriter, r *http.Request) {
		seconds, err := strconv.Atoi(r.URL.Query().Get("seconds"))
		if err != nil || seconds < 1 {
			seconds = 10
		}
		if err := goja.StartProfile(w); err != nil {
			http.Error(w, err.Error(), http.StatusConflict)
			return
		}
		time.Sleep(time.Duration(seconds) * time.Second)
		goja.StopProfile()
	})
	go func() {
		if err := http.ListenAndServe(addr, mux); err != nil {
			log.Printf("PPROF_ADDR %s: %v", addr, err)
		}
	}()
}
