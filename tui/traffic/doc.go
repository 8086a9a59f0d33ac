// Package traffic is the explorer's traffic screen: the calls the
// background gateway answered, listed live as they come (the last Keep of
// them, their bodies bounded), and one call opened to what the client
// sent and the envelope it got back.
//
// A Screen takes the gateway's events in (Add), its keys (Key), the
// wheel (Scroll) and clicks (Click), and draws itself (Render). It knows
// nothing of the explorer: the explorer hands in the key map and styles
// (package kit) and what the head line says of the gateway
// (Gateway), runs the commands it returns, sends back their messages
// (DetailMsg, to Opened), and does what an Action asks.
package traffic
